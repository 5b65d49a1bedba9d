import '../../strings';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type OrderSupplier, purchaseOrderMessages } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { NativeSelectField } from '../../../../components/form/choice-fields';
import { TextField } from '../../../../components/form/fields';
import { AppForm } from '../../../../components/form/form';
import { FormButtons, FormModal, useFormModal } from '../../../../components/form/form-modal';
import { TextareaField } from '../../../../components/form/textarea-field';
import { useAppForm } from '../../../../components/form/use-app-form';
import { QueryView } from '../../../../components/ui/query-view';
import { StatusAlert } from '../../../../components/ui/status-alert';
import { ApiError } from '../../../../lib/api/errors';
import { translateMessage } from '../../../../lib/i18n/i18n';
import { notifyError } from '../../../../lib/notify';
import { orderSuppliersQueryOptions, salesRepsQueryOptions, useCreatePurchaseOrder } from '../../api/list';
import { newOrderSupplier } from './list-logic';

const SIDEMARK_MAX = 200;
const TEXT_MAX = 10000;

/**
 * /orders/new: the 'New order' modal over the list. Create makes one open order (however often
 * it is clicked) and hands its id on; without suppliers it says so and offers nothing to create.
 */
export function NewOrderModal({
  onClose,
  onCreated,
  preferredSupplier,
}: {
  onClose: () => void;
  onCreated: (orderId: number) => void;
  preferredSupplier: number | null;
}) {
  const { t } = useTranslation();
  const suppliers = useQuery(orderSuppliersQueryOptions);
  return (
    <FormModal opened onClose={onClose} title={t('newOrder.title')} size="lg">
      <QueryView query={suppliers} failedTitle={t('newOrder.suppliersFailed')}>
        {({ data, multiSupplier }) =>
          data.length === 0 ? (
            <NoSuppliers />
          ) : (
            <NewOrderForm
              suppliers={data}
              multiSupplier={multiSupplier}
              preferredSupplier={preferredSupplier}
              onCreated={onCreated}
            />
          )
        }
      </QueryView>
    </FormModal>
  );
}

function NoSuppliers() {
  const { t } = useTranslation();
  const modal = useFormModal();
  return (
    <Stack gap="sm">
      <StatusAlert kind="warning" title={purchaseOrderMessages.noSuppliersTitle}>
        {purchaseOrderMessages.noSuppliers}
      </StatusAlert>
      <Group justify="flex-end">
        <Button variant="default" onClick={modal.close}>
          {t('lists.close')}
        </Button>
      </Group>
    </Stack>
  );
}

function NewOrderForm({
  suppliers,
  multiSupplier,
  preferredSupplier,
  onCreated,
}: {
  suppliers: OrderSupplier[];
  multiSupplier: boolean;
  preferredSupplier: number | null;
  onCreated: (orderId: number) => void;
}) {
  const { t } = useTranslation();
  const modal = useFormModal();
  const create = useCreatePurchaseOrder();
  const reps = useQuery(salesRepsQueryOptions);
  const choice = newOrderSupplier(suppliers, multiSupplier, preferredSupplier);
  const schema = useMemo(
    () =>
      z.object({
        supplierId: z.string().min(1, { error: t('newOrder.supplierRequired') }),
        sidemark: z.string().trim().max(SIDEMARK_MAX),
        salesRep: z.string(),
        details: z.string().trim().max(TEXT_MAX),
        notes: z.string().trim().max(TEXT_MAX),
      }),
    [t],
  );
  const form = useAppForm(schema, {
    supplierId: choice.supplierId === null ? '' : String(choice.supplierId),
    sidemark: '',
    salesRep: '',
    details: '',
    notes: '',
  });
  // a second click before the first answer makes no second order
  const sent = useRef(false);
  const fixedSupplier = suppliers.find((s) => s.id === choice.supplierId);
  return (
    <AppForm
      form={form}
      aria-label={t('newOrder.title')}
      onSubmit={async (values) => {
        if (sent.current) return;
        sent.current = true;
        try {
          const { data } = await create.mutateAsync({
            manufacturer_id: Number(values.supplierId),
            sidemark: values.sidemark,
            sales_rep_override: values.salesRep || null,
            details: values.details,
            notes: values.notes,
            is_draft: false,
          });
          modal.release();
          onCreated(data.id);
        } catch (error) {
          sent.current = false;
          if (error instanceof ApiError && error.status < 500 && error.status !== 401 && error.status !== 419)
            notifyError(t('newOrder.failedTitle'), translateMessage(error.message));
          else notifyError(t('errors.genericTitle'), t('errors.serverIssues'));
        }
      }}
    >
      <Stack gap="sm">
        {choice.editable ? (
          <NativeSelectField
            name="supplierId"
            label={t('newOrder.supplier')}
            required
            data={[
              { value: '', label: t('newOrder.supplierRequired') },
              ...suppliers.map((s) => ({ value: String(s.id), label: s.name })),
            ]}
            data-autofocus
          />
        ) : (
          <TextInput
            label={t('newOrder.supplier')}
            value={fixedSupplier?.name ?? ''}
            readOnly
            variant="filled"
          />
        )}
        <TextField
          name="sidemark"
          label={t('newOrder.sidemark')}
          description={t('newOrder.sidemarkHint')}
          maxLength={SIDEMARK_MAX}
          {...(choice.editable ? {} : { 'data-autofocus': true })}
        />
        <NativeSelectField
          name="salesRep"
          label={t('newOrder.salesRep')}
          description={t('newOrder.salesRepHint')}
          data={[
            { value: '', label: '—' },
            ...(reps.data ?? []).map((name) => ({ value: name, label: name })),
          ]}
        />
        <TextareaField name="details" label={t('newOrder.customerDetails')} maxLength={TEXT_MAX} />
        <TextareaField name="notes" label={t('newOrder.notes')} maxLength={TEXT_MAX} minRows={2} />
        <FormButtons submitLabel={t('newOrder.create')} />
      </Stack>
    </AppForm>
  );
}
