import { NativeSelect, SimpleGrid, Stack, TextInput, type TextInputProps, Title } from '@mantine/core';
import type { OfflineSupplierOrder, OrderSupplier } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField, useField } from '../../../components/form/fields';
import { AppForm } from '../../../components/form/form';
import { FormButtons } from '../../../components/form/form-modal';
import { TextareaField } from '../../../components/form/textarea-field';
import { useAppForm } from '../../../components/form/use-app-form';
import { ApiError } from '../../../lib/api/errors';
import { translateMessage } from '../../../lib/i18n/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { offlineHistoryQueryOptions, useUpsertOfflineSupplierOrder } from '../api/supplier-orders';
import { HistoryList } from './history-list';
import {
  formFieldOf,
  type OfflineFormValues,
  offlineBody,
  offlineFormSchema,
  offlineFormValues,
  savedValues,
} from './supplier-order-logic';

type DayName = 'requiredDate' | 'eta';

/**
 * A native date input: typed segment by segment or picked. A half-typed date leaves the value
 * empty, so its `validity.badInput` is kept beside it and the form says 'Invalid date'.
 */
function DayField({
  name,
  ...props
}: Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'error' | 'type'> & { name: DayName }) {
  const { field, error } = useField(name);
  const { setValue } = useFormContext<OfflineFormValues>();
  const note = (input: HTMLInputElement) =>
    setValue(`${name}BadInput`, input.validity?.badInput === true, { shouldDirty: false });
  return (
    <TextInput
      {...props}
      type="date"
      ref={field.ref}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={(event) => {
        note(event.currentTarget);
        field.onChange(event.currentTarget.value);
      }}
      onBlur={(event) => {
        note(event.currentTarget);
        field.onBlur();
      }}
      error={error}
    />
  );
}

/** The supplier's shipping methods; one with an address of its own (a pick-up point) moves the address there. */
function ShippingMethodField({
  methods,
  data,
}: {
  methods: OrderSupplier['shippingMethods'];
  data: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const { field, error } = useField('shippingMethodId');
  const { setValue } = useFormContext<OfflineFormValues>();
  return (
    <NativeSelect
      ref={field.ref}
      name={field.name}
      label={t('supplierOrders.shippingMethod')}
      value={(field.value as string | undefined) ?? ''}
      data={data}
      onChange={(event) => {
        const next = event.currentTarget.value;
        field.onChange(next);
        const address = methods.find((m) => String(m.id) === next)?.address;
        if (address) setValue('shippingAddress', address, { shouldDirty: true });
      }}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

/**
 * The manual supplier order of an offline-only supplier (§2, §3 offline): reference, the status as
 * typed, dates, freight as typed, shipping and notes, saved by POST …/offline-manufacturer-orders/
 * upsert; its history (40 a page) below. A save keeps the editor open on the saved values.
 */
export function OfflineSupplierOrderEditor({
  orderId,
  supplierOrder,
  supplier,
}: {
  orderId: number;
  supplierOrder: OfflineSupplierOrder;
  supplier: OrderSupplier;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const save = useUpsertOfflineSupplierOrder(orderId);
  const history = useQuery(offlineHistoryQueryOptions(orderId, Number(supplierOrder.id), page));
  const schema = useMemo(
    () =>
      offlineFormSchema({
        freightInvalid: t('supplierOrders.freightInvalid'),
        freightTooLarge: t('supplierOrders.freightTooLarge'),
        dateInvalid: t('supplierOrders.dateInvalid'),
      }),
    [t],
  );
  const form = useAppForm(schema, offlineFormValues(supplierOrder));
  const methods = supplier.shippingMethods;
  // a method no longer offered stays choosable on the order that has it
  const current = supplierOrder.shippingMethod;
  const choices = [
    ...methods.map((m) => ({ value: String(m.id), label: m.name })),
    ...(current && !methods.some((m) => m.id === current.id)
      ? [{ value: String(current.id), label: current.name }]
      : []),
  ];
  return (
    <Stack gap="lg">
      <AppForm
        form={form}
        aria-label={t('supplierOrders.editTitle', { supplier: supplier.name })}
        onSubmit={async (values) => {
          try {
            const saved = await save.mutateAsync(offlineBody(supplierOrder, values));
            form.reset(savedValues(saved, values));
            setPage(1);
            notifySuccess(t('supplierOrders.saved'), saved.reference || supplier.name);
          } catch (error) {
            if (
              error instanceof ApiError &&
              error.status < 500 &&
              error.status !== 401 &&
              error.status !== 419
            ) {
              let shown = false;
              for (const f of error.fields) {
                const name = formFieldOf(f.path);
                if (!name) continue;
                form.setError(
                  name,
                  { type: 'server', message: translateMessage(f.message) },
                  { shouldFocus: !shown },
                );
                shown = true;
              }
              notifyError(t('supplierOrders.saveFailed'), translateMessage(error.message));
            } else notifyError(t('errors.genericTitle'), t('errors.serverIssues'));
          }
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <TextField
              name="reference"
              label={t('supplierOrders.reference')}
              maxLength={200}
              data-autofocus
            />
            <TextField name="orderStatus" label={t('supplierOrders.orderStatus')} maxLength={200} />
            <DayField name="requiredDate" label={t('supplierOrders.requiredDate')} />
            <DayField name="eta" label={t('supplierOrders.eta')} />
            <TextField
              name="freight"
              label={t('supplierOrders.freight')}
              inputMode="decimal"
              autoComplete="off"
            />
            <ShippingMethodField
              methods={methods}
              data={[{ value: '', label: t('supplierOrders.noShippingMethod') }, ...choices]}
            />
          </SimpleGrid>
          <TextareaField
            name="shippingAddress"
            label={t('supplierOrders.shippingAddress')}
            maxLength={2000}
            minRows={2}
          />
          <TextareaField
            name="shippingInstructions"
            label={t('supplierOrders.shippingInstructions')}
            maxLength={2000}
            minRows={2}
          />
          <TextField name="trackingInformation" label={t('supplierOrders.tracking')} maxLength={1000} />
          <TextareaField name="notes" label={t('supplierOrders.notes')} maxLength={10000} minRows={2} />
          <FormButtons submitLabel={t('supplierOrders.save')} />
        </Stack>
      </AppForm>
      <Stack gap="xs" component="section" aria-labelledby="offline-history-title">
        <Title order={3} size="h5" id="offline-history-title">
          {t('supplierOrders.history')}
        </Title>
        <HistoryList query={history} page={page} onPage={setPage} />
      </Stack>
    </Stack>
  );
}
