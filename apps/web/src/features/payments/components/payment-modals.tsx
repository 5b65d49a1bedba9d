import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type DealDetail, type DealPayment, type DealPaymentTotals, paymentMessages } from '@slat/contracts';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { NativeSelectField, RadioGroupField } from '../../../components/form/choice-fields';
import { TextField } from '../../../components/form/fields';
import { AppForm } from '../../../components/form/form';
import { FormButtons, FormModal, useFormModal } from '../../../components/form/form-modal';
import { TextareaField } from '../../../components/form/textarea-field';
import { useAppForm } from '../../../components/form/use-app-form';
import { IconArchive, IconArchiveOff, IconCopy, IconMail, IconX } from '../../../components/icons';
import { StatusAlert } from '../../../components/ui/status-alert';
import { notifyUndoable } from '../../../components/ui/undo-toast';
import { ApiError } from '../../../lib/api/errors';
import { firstClickOnly } from '../../../lib/clicks';
import { confirmDestructive, requestConfirm } from '../../../lib/confirm';
import { formatCurrency, formatInputDate } from '../../../lib/currency';
import { pageOrigin } from '../../../lib/first-screen';
import { formatDateTime } from '../../../lib/format';
import { translateMessage } from '../../../lib/i18n/i18n';
import { notifyError, notifySuccess, showToast } from '../../../lib/notify';
import { MoneyField } from '../../quotes';
import { useEmailPaymentLink, usePaymentAction, useSavePayment } from '../api';
import { CreatedText, PaymentStatusBadges } from './payment-bits';
import {
  amountOf,
  balanceFor,
  createBody,
  defaultPaymentValues,
  needsAboveBalanceConfirmation,
  type PaymentFormValues,
  paymentActions,
  paymentFormSchema,
  showsTransactionDetails,
  todayInput,
  updateBody,
} from './payment-logic';

type T = TFunction;

/** A failed payment call: the server's field message or its message when it is the dealer's to read. */
export function notifyPaymentError(error: unknown, title: string): void {
  const field = error instanceof ApiError && error.status === 400 ? error.fields[0]?.message : undefined;
  notifyError(
    title,
    field ? translateMessage(field) : error instanceof ApiError && error.status < 500 ? error.message : '',
  );
}

const isAboveBalanceAnswer = (error: unknown) =>
  error instanceof ApiError &&
  (error.message === paymentMessages.aboveBalanceNeedsConfirmation ||
    error.fields.some((f) => f.message === paymentMessages.aboveBalanceNeedsConfirmation));

/** The second dialog: a manual payment above the outstanding balance is recorded only on an explicit yes. */
function confirmAboveBalance(
  t: T,
  values: PaymentFormValues,
  balance: string | null,
  currency: string,
): Promise<boolean> {
  return requestConfirm({
    key: 'payment-above-balance',
    title: t('payments.aboveTitle'),
    message: t('payments.aboveMessage', {
      amount: formatCurrency(amountOf(values), currency),
      balance: formatCurrency(balance ?? '0', currency),
    }),
    confirmLabel: t('payments.aboveConfirm'),
    cancelLabel: t('form.cancel'),
  });
}

/** Add payment (payment null) or edit a manual one. */
export function PaymentFormModal({
  opened,
  onClose,
  deal,
  totals,
  payment,
}: {
  opened: boolean;
  onClose: () => void;
  deal: DealDetail;
  totals: DealPaymentTotals;
  payment: DealPayment | null;
}) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={payment ? t('payments.editTitle') : t('payments.createTitle')}
      size="md"
    >
      <PaymentForm deal={deal} totals={totals} payment={payment} />
    </FormModal>
  );
}

function PaymentForm({
  deal,
  totals,
  payment,
}: {
  deal: DealDetail;
  totals: DealPaymentTotals;
  payment: DealPayment | null;
}) {
  const { t, i18n } = useTranslation();
  const modal = useFormModal();
  const save = useSavePayment(deal.id);
  const action = usePaymentAction(deal.id);
  const cardMaximum = totals.requestableByCard;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is what the messages depend on
  const schema = useMemo(
    () => paymentFormSchema(t, cardMaximum, totals.currency),
    [t, i18n.language, cardMaximum, totals.currency],
  );
  const form = useAppForm(schema, defaultPaymentValues(payment));
  const type = form.watch('type');
  const status = form.watch('status');
  const card = type === 'STRIPE';
  const balance = balanceFor(totals, payment);

  const onType = (value: string) => {
    if (value !== 'STRIPE') return;
    // a card payment starts as a request: no status to pick, no transaction date
    form.setValue('status', 'REQUESTED', { shouldDirty: true });
    form.setValue('transactedAt', '', { shouldDirty: true });
  };

  const send = async (values: PaymentFormValues, confirmed: boolean): Promise<void> => {
    try {
      if (payment)
        await save.mutateAsync({
          kind: 'update',
          paymentId: payment.id,
          body: updateBody(values, confirmed),
        });
      else
        await save.mutateAsync({
          kind: 'create',
          body: createBody(values, confirmed, totals.acceptedQuote?.id ?? null),
        });
      notifySuccess(t('payments.saved'), formatCurrency(amountOf(values), totals.currency));
      modal.close();
    } catch (error) {
      // the server weighed it against a balance this screen had not seen yet
      if (!confirmed && isAboveBalanceAnswer(error)) {
        if (await confirmAboveBalance(t, values, balance, totals.currency)) return send(values, true);
        return;
      }
      if (error instanceof ApiError && error.status === 400 && error.fields.length) {
        for (const f of error.fields) {
          const name = (
            ['amount', 'transactedAt', 'description', 'reference', 'status', 'type'] as const
          ).find((n) => f.path === n);
          form.setError(name ?? 'amount', { type: 'server', message: translateMessage(f.message) });
        }
      } else notifyPaymentError(error, t('payments.saveFailed'));
    }
  };

  const onSubmit = async (values: PaymentFormValues) => {
    const above = needsAboveBalanceConfirmation(values, balance);
    if (above && !(await confirmAboveBalance(t, values, balance, totals.currency))) return;
    await send(values, above);
  };

  const archive = async () => {
    if (!payment || !(await modal.mayDiscard())) return;
    try {
      await action.mutateAsync({ action: 'archive', paymentId: payment.id });
    } catch (error) {
      notifyPaymentError(error, t('payments.actionFailed'));
      return;
    }
    modal.close();
    // decision 012: unarchive puts it back exactly, so archiving offers undo instead of asking
    notifyUndoable({
      title: t('payments.archivedToast'),
      message: formatCurrency(payment.amount, payment.currency),
      undo: () => action.mutateAsync({ action: 'unarchive', paymentId: payment.id }),
    });
  };

  const typeOptions = [
    { value: 'MANUAL', label: t('payments.type.MANUAL') },
    ...(totals.cardPayments || payment?.type === 'STRIPE'
      ? [{ value: 'STRIPE', label: t('payments.type.STRIPE') }]
      : []),
  ];
  const statusOptions = (['REQUESTED', 'PAID', 'CANCELLED'] as const).map((s) => ({
    value: s,
    label: t(`payments.status.${s}`),
  }));

  return (
    <AppForm
      form={form}
      onSubmit={onSubmit}
      aria-label={payment ? t('payments.editTitle') : t('payments.createTitle')}
    >
      <Stack gap="sm">
        {!payment && typeOptions.length > 1 && (
          <RadioGroupField
            name="type"
            label={t('payments.typeLabel')}
            options={typeOptions}
            onValueChange={onType}
          />
        )}
        {!card && <NativeSelectField name="status" label={t('payments.statusLabel')} data={statusOptions} />}
        <MoneyField
          name="amount"
          label={t('payments.amount')}
          required
          data-autofocus
          description={
            card
              ? cardMaximum === null
                ? t('payments.cardNoQuote')
                : t('payments.cardMaximum', { amount: formatCurrency(cardMaximum, totals.currency) })
              : undefined
          }
        />
        <TextareaField name="description" label={t('payments.description')} maxLength={500} minRows={2} />
        {!card && status === 'PAID' && (
          <TextField
            type="date"
            name="transactedAt"
            label={t('payments.transactedAt')}
            required
            max={todayInput()}
          />
        )}
        {!card && <TextField name="reference" label={t('payments.reference')} maxLength={200} />}
        <Group justify="space-between" mt="xs" wrap="wrap" gap="xs">
          {payment ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconArchive size={14} aria-hidden />}
              loading={action.isPending}
              onClick={firstClickOnly(() => void archive())}
            >
              {t('payments.archive')}
            </Button>
          ) : (
            <span />
          )}
          <FormButtons
            submitLabel={
              card ? t('payments.requestCard') : payment ? t('payments.save') : t('payments.create')
            }
          />
        </Group>
      </Stack>
    </AppForm>
  );
}

/** A payment opened from the list: a manual one's edit form, or the read-only view with its actions. */
export function PaymentDetailModal({
  onClose,
  deal,
  totals,
  payment,
  readOnly,
}: {
  onClose: () => void;
  deal: DealDetail;
  totals: DealPaymentTotals;
  payment: DealPayment;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const actions = paymentActions(payment, readOnly);
  if (actions.edit)
    return (
      <FormModal opened onClose={onClose} title={t('payments.editTitle')} size="md">
        <Stack gap="sm">
          <Mismatches payment={payment} />
          <PaymentForm deal={deal} totals={totals} payment={payment} />
        </Stack>
      </FormModal>
    );
  return (
    <Modal
      opened
      onClose={onClose}
      title={payment.type === 'STRIPE' ? t('payments.detailTitle') : t('payments.editTitle')}
      closeButtonProps={{ 'aria-label': t('payments.close') }}
      size="md"
    >
      <PaymentView deal={deal} payment={payment} readOnly={readOnly} onClose={onClose} />
    </Modal>
  );
}

function Mismatches({ payment }: { payment: DealPayment }) {
  const { t } = useTranslation();
  if (payment.mismatches.length === 0) return null;
  return (
    <StatusAlert kind="warning" p="xs" title={t('payments.mismatch')}>
      <Stack gap={2}>
        {payment.mismatches.map((m) => (
          <Text size="sm" key={`${m.kind}-${m.foundAt}`}>
            {m.detail} ({formatDateTime(new Date(m.foundAt))})
          </Text>
        ))}
      </Stack>
    </StatusAlert>
  );
}

function PaymentView({
  deal,
  payment,
  readOnly,
  onClose,
}: {
  deal: DealDetail;
  payment: DealPayment;
  readOnly: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const action = usePaymentAction(deal.id);
  const [emailing, setEmailing] = useState(false);
  const actions = paymentActions(payment, readOnly);
  const amount = formatCurrency(payment.amount, payment.currency);
  const run = async (kind: 'cancel' | 'archive' | 'unarchive') => {
    await action.mutateAsync({ action: kind, paymentId: payment.id });
  };

  const cancel = () =>
    confirmDestructive({
      title: t('payments.cancelTitle'),
      message: t('payments.cancelMessage', { amount }),
      confirmLabel: t('payments.cancelConfirm'),
      action: () =>
        run('cancel').catch((error: unknown) => {
          notifyPaymentError(error, t('payments.actionFailed'));
          throw error;
        }),
    }).then((done) => {
      if (done) notifySuccess(t('payments.cancelled'), amount);
    });

  const archive = async () => {
    try {
      await run('archive');
    } catch (error) {
      return notifyPaymentError(error, t('payments.actionFailed'));
    }
    onClose();
    notifyUndoable({
      title: t('payments.archivedToast'),
      message: amount,
      undo: () => action.mutateAsync({ action: 'unarchive', paymentId: payment.id }),
    });
  };

  const unarchive = async () => {
    try {
      await run('unarchive');
      notifySuccess(t('payments.unarchivedToast'), amount);
    } catch (error) {
      notifyPaymentError(error, t('payments.actionFailed'));
    }
  };

  const copy = async () => {
    if (!payment.paymentUrl) return;
    try {
      await navigator.clipboard.writeText(new URL(payment.paymentUrl, window.location.origin).href);
      showToast({ message: t('payments.copied'), color: 'teal' });
    } catch {
      showToast({ message: t('payments.copyFailed'), color: 'red' });
    }
  };

  return (
    <Stack gap="sm">
      {readOnly && (
        <StatusAlert kind="info" p="xs">
          {t('payments.readOnlyDeal')}
        </StatusAlert>
      )}
      {!readOnly && payment.type === 'STRIPE' && (
        <Text size="sm" c="dimmed">
          {t('payments.readOnlyCard')}
        </Text>
      )}
      <Mismatches payment={payment} />
      <Group gap={6} wrap="wrap">
        <PaymentStatusBadges payment={payment} />
      </Group>
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 12px' }}>
        <DetailRow label={t('payments.amount')}>
          {amount} {payment.currency}
        </DetailRow>
        <DetailRow label={t('payments.description')}>
          {payment.description || t('payments.noDescription')}
        </DetailRow>
        {showsTransactionDetails(payment) && (
          <>
            <DetailRow label={t('payments.transactedAt')}>
              {payment.transactedAt ? formatInputDate(payment.transactedAt) : '—'}
            </DetailRow>
            <DetailRow label={t('payments.reference')}>{payment.reference || '—'}</DetailRow>
          </>
        )}
      </dl>
      <CreatedText payment={payment} />
      {payment.linkSentAt && payment.customerEmail && (
        <Text size="xs">
          {t('payments.linkSentAt', {
            email: payment.customerEmail,
            date: formatDateTime(new Date(payment.linkSentAt)),
          })}
        </Text>
      )}
      {actions.link && payment.paymentUrl && (
        <TextInput
          label={t('payments.paymentUrl')}
          value={new URL(payment.paymentUrl, pageOrigin()).href}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
      <Group gap="xs" wrap="wrap">
        {actions.link && (
          <Button
            variant="light"
            leftSection={<IconCopy size={14} aria-hidden />}
            onClick={() => void copy()}
          >
            {t('payments.copyLink')}
          </Button>
        )}
        {actions.emailLink && (
          <Button
            variant="light"
            leftSection={<IconMail size={14} aria-hidden />}
            onClick={() => setEmailing(true)}
          >
            {t('payments.emailLink')}
          </Button>
        )}
        {actions.cancel && (
          <Button
            variant="default"
            color="red"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={firstClickOnly(() => void cancel())}
          >
            {t('payments.cancelPayment')}
          </Button>
        )}
        {actions.archive && (
          <Button
            variant="default"
            leftSection={<IconArchive size={14} aria-hidden />}
            loading={action.isPending}
            onClick={firstClickOnly(() => void archive())}
          >
            {t('payments.archive')}
          </Button>
        )}
        {actions.unarchive && (
          <Button
            variant="default"
            leftSection={<IconArchiveOff size={14} aria-hidden />}
            loading={action.isPending}
            onClick={firstClickOnly(() => void unarchive())}
          >
            {t('payments.unarchive')}
          </Button>
        )}
      </Group>
      <EmailLinkModal
        opened={emailing}
        onClose={() => setEmailing(false)}
        dealId={deal.id}
        paymentId={payment.id}
        email={payment.customerEmail ?? deal.contact?.email ?? ''}
      />
    </Stack>
  );
}

function DetailRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <Text component="dt" size="sm" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </>
  );
}

/** Email payment link: asks for the address, the deal contact's prefilled. */
function EmailLinkModal({
  opened,
  onClose,
  dealId,
  paymentId,
  email,
}: {
  opened: boolean;
  onClose: () => void;
  dealId: number;
  paymentId: number;
  email: string;
}) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('payments.emailTitle')} size="sm">
      <EmailLinkForm dealId={dealId} paymentId={paymentId} email={email} />
    </FormModal>
  );
}

function EmailLinkForm({ dealId, paymentId, email }: { dealId: number; paymentId: number; email: string }) {
  const { t } = useTranslation();
  const modal = useFormModal();
  const send = useEmailPaymentLink(dealId);
  const schema = useMemo(() => z.object({ email: z.email(t('payments.emailRequired')) }), [t]);
  const form = useAppForm(schema, { email });
  return (
    <AppForm
      form={form}
      aria-label={t('payments.emailTitle')}
      onSubmit={async (values) => {
        try {
          await send.mutateAsync({ paymentId, email: values.email });
          notifySuccess(t('payments.linkSent', { email: values.email }), '');
          modal.close();
        } catch (error) {
          notifyPaymentError(error, t('payments.actionFailed'));
        }
      }}
    >
      <Stack gap="sm">
        <TextField name="email" type="email" label={t('payments.emailAddress')} required data-autofocus />
        <FormButtons submitLabel={t('payments.send')} />
      </Stack>
    </AppForm>
  );
}
