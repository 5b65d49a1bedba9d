import {
  Button,
  Checkbox,
  type CheckboxProps,
  Group,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useField } from '../../../../components/form/fields';
import { StatusAlert } from '../../../../components/ui/status-alert';
import { ApiError } from '../../../../lib/api/errors';
import { i18n, translateMessage } from '../../../../lib/i18n/i18n';
import { hideToast, notifyError, showToast } from '../../../../lib/notify';
import { pricingConflict, useReloadQuote } from '../../api/pricing';
import { pricingFormSchemas } from './pricing-forms';

/** The pricing forms' schemas with the current language's messages. */
export function usePricingSchemas() {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is what the messages depend on
  return useMemo(() => pricingFormSchemas(t), [t, i18n.language]);
}

type MoneyFieldProps = Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'error'> & { name: string };

/** An amount typed as text (decimal keyboard on a phone), kept as the string typed. */
export function MoneyField({ name, ...props }: MoneyFieldProps) {
  const { field, error } = useField(name);
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      leftSection={<span aria-hidden>$</span>}
      {...props}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

type CheckboxFieldProps = Omit<CheckboxProps, 'name' | 'checked' | 'onChange' | 'error'> & { name: string };

/** A check box of the kit's form. */
export function CheckboxField({ name, ...props }: CheckboxFieldProps) {
  const { field, error } = useField(name);
  return (
    <Checkbox
      {...props}
      ref={field.ref}
      name={field.name}
      checked={field.value === true}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

type Conflict = 'stale' | 'readOnly';

/**
 * A pricing modal's save: runs the call and, on a 409, keeps the modal open with what was typed
 * and says why (stale: Reload; read-only); other failures are toasted. True when saved.
 */
export function usePricingSave() {
  const { t } = useTranslation();
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const run = async (call: () => Promise<unknown>): Promise<boolean> => {
    try {
      await call();
      setConflict(null);
      return true;
    } catch (error) {
      const kind = pricingConflict(error);
      if (kind) setConflict(kind);
      else notifyPricingError(error, t('quotePricing.saveFailed'));
      return false;
    }
  };
  return { conflict, clearConflict: () => setConflict(null), run };
}

/** A failed pricing call outside a modal's conflict alert: the server's field message when it names one. */
export function notifyPricingError(error: unknown, fallback: string): void {
  const field = error instanceof ApiError && error.status === 400 ? error.fields[0]?.message : undefined;
  notifyError(
    fallback,
    field ? translateMessage(field) : error instanceof ApiError && error.status < 500 ? error.message : '',
  );
}

/**
 * The answer to a 409 inside an open modal: §5's stale message with Reload (the quote as it is
 * now; what is typed stays and the next save uses it), or the read-only message.
 */
export function ConflictAlert({
  quoteId,
  conflict,
  onReloaded,
}: {
  quoteId: number;
  conflict: Conflict | null;
  onReloaded: () => void;
}) {
  const { t } = useTranslation();
  const reload = useReloadQuote(quoteId);
  const [reloaded, setReloaded] = useState(false);
  if (conflict === null)
    return reloaded ? (
      <StatusAlert kind="info" p="xs">
        {t('quotePricing.reloaded')}
      </StatusAlert>
    ) : null;
  if (conflict === 'readOnly')
    return (
      <StatusAlert kind="warning" p="xs" title={t('quotePricing.readOnlyTitle')}>
        {t('quotePricing.readOnly')}
      </StatusAlert>
    );
  return (
    <StatusAlert kind="warning" p="xs" title={t('quotePricing.staleTitle')}>
      <Text size="sm">{t('quotePricing.stale')}</Text>
      <Group mt="xs">
        <Button
          size="xs"
          variant="default"
          loading={reload.isPending}
          onClick={() =>
            reload.mutate(undefined, {
              onSuccess: () => {
                setReloaded(true);
                onReloaded();
              },
              onError: (error) => notifyPricingError(error, t('quotes.loadFailed')),
            })
          }
        >
          {t('quotePricing.reload')}
        </Button>
      </Group>
    </StatusAlert>
  );
}

let staleToasts = 0;

function StaleToastMessage({ id, reload }: { id: string; reload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [running, setRunning] = useState(false);
  return (
    <Stack gap={6}>
      <Text size="sm">{t('quotePricing.stale')}</Text>
      <Group>
        <Button
          size="compact-sm"
          variant="light"
          loading={running}
          onClick={() => {
            setRunning(true);
            reload().then(
              () => hideToast(id),
              () => setRunning(false),
            );
          }}
        >
          {t('quotePricing.reload')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A pricing call made outside a modal (remove an adjustment, its undo, remove the override)
 * failed: stale → §5's message with Reload; read-only → the read-only message; else the toast.
 */
export function notifyPricingCallFailed(error: unknown, reload: () => Promise<unknown>): void {
  const kind = pricingConflict(error);
  if (kind === 'stale') {
    const id = `pricing-stale-${staleToasts++}`;
    showToast({
      id,
      title: i18n.t('quotePricing.staleTitle'),
      color: 'orange',
      autoClose: false,
      message: <StaleToastMessage id={id} reload={reload} />,
    });
  } else if (kind === 'readOnly')
    notifyError(i18n.t('quotePricing.readOnlyTitle'), i18n.t('quotePricing.readOnly'));
  else notifyPricingError(error, i18n.t('quotePricing.saveFailed'));
}
