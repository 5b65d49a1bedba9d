import { NativeSelect, Text, TextInput, type TextInputProps } from '@mantine/core';
import type { PurchaseOrder } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useField } from '../../../../components/form/fields';
import { formatMoney } from '../../../../lib/format';
import { freightEstimateQueryOptions } from '../../api/review';
import { addressForMethod, type ReviewFormValues, shippingMethodOf } from './review-logic';

type DayFieldProps = Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'error' | 'type'> & {
  name: 'requiredDate' | 'eta';
  /** Where the input's "typed, but not a date" state goes (the browser's value is then ''). */
  badInputName: 'requiredDateBadInput' | 'etaBadInput';
};

/**
 * A native date input of the kit: typed segment by segment or picked. A half-typed date leaves the
 * input's value empty, so its `validity.badInput` is kept beside it: 'Invalid date', not 'required'.
 */
export function DayField({ name, badInputName, onBlur, ...props }: DayFieldProps) {
  const { field, error } = useField(name);
  const { setValue } = useFormContext<ReviewFormValues>();
  const noteBadInput = (input: HTMLInputElement) =>
    setValue(badInputName, input.validity?.badInput === true, { shouldDirty: false });
  return (
    <TextInput
      {...props}
      type="date"
      ref={field.ref}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={(event) => {
        noteBadInput(event.currentTarget);
        field.onChange(event.currentTarget.value);
      }}
      onBlur={(event) => {
        noteBadInput(event.currentTarget);
        field.onBlur();
        onBlur?.(event);
      }}
      error={error}
    />
  );
}

/**
 * The supplier's shipping methods; choosing one moves the address to the method's own (a pick-up
 * point) or, leaving such a method, back to the dealer's delivery address, unless it was retyped.
 */
export function ShippingMethodField({ order }: { order: PurchaseOrder }) {
  const { t } = useTranslation();
  const { field, error } = useField('shippingMethodId');
  const { getValues, setValue } = useFormContext<ReviewFormValues>();
  const methods = order.context.supplier.shippingMethods;
  return (
    <NativeSelect
      ref={field.ref}
      name={field.name}
      label={t('orderReview.shippingMethod')}
      withAsterisk
      value={(field.value as string | undefined) ?? ''}
      data={[
        { value: '', label: t('orderReview.shippingMethodPlaceholder'), disabled: true },
        ...methods.map((method) => ({ value: String(method.id), label: method.name })),
      ]}
      onChange={(event) => {
        const next = event.currentTarget.value;
        const previousAddress = addressForMethod(order, getValues('shippingMethodId'));
        const address = getValues('shippingAddress');
        field.onChange(next);
        const nextAddress = addressForMethod(order, next);
        if (shippingMethodOf(order, next)?.address || address.trim() === '' || address === previousAddress)
          setValue('shippingAddress', nextAddress, { shouldDirty: true, shouldValidate: address !== '' });
      }}
      onBlur={field.onBlur}
      error={error}
      data-testid="review-shipping-method"
    />
  );
}

/** §9: '+ {amount} shipping (est)' for the chosen method while the order is open. */
export function FreightEstimate({ order, methodId }: { order: PurchaseOrder; methodId: string }) {
  const { t } = useTranslation();
  const method = shippingMethodOf(order, methodId);
  const open = order.status === 'OPEN' && !order.isReadOnly;
  const estimate = useQuery({
    ...freightEstimateQueryOptions(order.id, order.manufacturerId, method?.id ?? 0),
    enabled: open && method !== undefined && !order.context.supplier.isInternal,
  });
  if (!open || !method || order.context.supplier.isInternal) return null;
  if (estimate.isPending)
    return (
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('orderReview.freightLoading')}
      </Text>
    );
  if (estimate.isError)
    return (
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('orderReview.freightFailed')}
      </Text>
    );
  return (
    <Text size="sm" fw={500} aria-live="polite" data-testid="review-freight">
      {t('orderReview.freightEstimate', { amount: formatMoney(estimate.data.estimate.toFixed(2)) })}
    </Text>
  );
}
