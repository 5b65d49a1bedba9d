import { Stack, TextInput } from '@mantine/core';
import type { PurchaseOrder } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { NativeSelectField } from '../../../../components/form/choice-fields';
import { TextField } from '../../../../components/form/fields';
import { AppForm } from '../../../../components/form/form';
import { FormButtons, FormModal, useFormModal } from '../../../../components/form/form-modal';
import { TextareaField } from '../../../../components/form/textarea-field';
import { useAppForm } from '../../../../components/form/use-app-form';
import { ApiError } from '../../../../lib/api/errors';
import { translateMessage } from '../../../../lib/i18n/i18n';
import { notifyError } from '../../../../lib/notify';
import { salesRepsQueryOptions } from '../../api/list';
import { useUpdateOrderDetails } from '../../api/order';

const SIDEMARK_MAX = 200;
const TEXT_MAX = 10000;

/**
 * The Details section's Edit (POST /old/quotes/{id}/update-details): sidemark, sales rep,
 * customer details and notes. A changed form asks before closing; a refused save stays open.
 */
export function OrderDetailsModal({
  order,
  opened,
  onClose,
}: {
  order: PurchaseOrder;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('orderDetail.editTitle')} size="lg">
      {opened && <DetailsForm order={order} />}
    </FormModal>
  );
}

function DetailsForm({ order }: { order: PurchaseOrder }) {
  const { t } = useTranslation();
  const modal = useFormModal();
  const save = useUpdateOrderDetails(order.id);
  const reps = useQuery(salesRepsQueryOptions);
  const schema = useMemo(
    () =>
      z.object({
        sidemark: z.string().trim().max(SIDEMARK_MAX),
        salesRep: z.string(),
        details: z.string().trim().max(TEXT_MAX),
        notes: z.string().trim().max(TEXT_MAX),
      }),
    [],
  );
  const form = useAppForm(schema, {
    sidemark: order.sidemark,
    salesRep: order.salesRepOverride ?? '',
    details: order.customerDetails,
    notes: order.notes,
  });
  // the order's own override stays choosable even when it is no longer one of the reps
  const repNames = [
    ...new Set([...(reps.data ?? []), ...(order.salesRepOverride ? [order.salesRepOverride] : [])]),
  ];
  return (
    <AppForm
      form={form}
      aria-label={t('orderDetail.editTitle')}
      onSubmit={async (values) => {
        try {
          await save.mutateAsync({
            sidemark: values.sidemark,
            sales_rep_override: values.salesRep || null,
            details: values.details,
            notes: values.notes,
          });
          modal.close();
        } catch (error) {
          if (error instanceof ApiError && error.status < 500 && error.status !== 401 && error.status !== 419)
            notifyError(t('orderDetail.saveFailed'), translateMessage(error.message));
          else notifyError(t('errors.genericTitle'), t('errors.serverIssues'));
        }
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('orderDetail.supplier')}
          value={order.manufacturerName}
          readOnly
          variant="filled"
        />
        <TextField
          name="sidemark"
          label={t('orderDetail.sidemark')}
          maxLength={SIDEMARK_MAX}
          data-autofocus
        />
        <NativeSelectField
          name="salesRep"
          label={t('orderDetail.salesRep')}
          description={t('orderDetail.salesRepHint')}
          data={[
            { value: '', label: t('orderDetail.none') },
            ...repNames.map((name) => ({ value: name, label: name })),
          ]}
        />
        <TextareaField name="details" label={t('orderDetail.customerDetails')} maxLength={TEXT_MAX} />
        <TextareaField name="notes" label={t('orderDetail.notes')} maxLength={TEXT_MAX} minRows={2} />
        <FormButtons submitLabel={t('orderDetail.save')} />
      </Stack>
    </AppForm>
  );
}
