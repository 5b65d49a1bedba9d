import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PurchaseOrder } from '@slat/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../../components/form/fields';
import { AppForm } from '../../../../components/form/form';
import { FormModal, useFormModal } from '../../../../components/form/form-modal';
import { TextareaField } from '../../../../components/form/textarea-field';
import { useAppForm } from '../../../../components/form/use-app-form';
import { StatusAlert } from '../../../../components/ui/status-alert';
import { ApiError } from '../../../../lib/api/errors';
import { requestConfirm } from '../../../../lib/confirm';
import { formatDate, localDay } from '../../../../lib/format';
import { translateMessage } from '../../../../lib/i18n/i18n';
import { notifySuccess } from '../../../../lib/notify';
import '../../strings';
import { useSubmitOrder } from '../../api/review';
import { DayField, FreightEstimate, ShippingMethodField } from './review-fields';
import {
  createReviewSchema,
  earliestRequiredDate,
  isManualSupplier,
  needsShipping,
  pdfShipping,
  type ReviewFormValues,
  type ReviewStep,
  reviewDefaults,
  reviewFieldOfPath,
  reviewSteps,
  shippingMethodOf,
  stepOfField,
  submitBlock,
  submitBody,
} from './review-logic';
import { ReviewPdfPreview, SubmitBlockAlert } from './review-pdf';

type ReviewOrderModalProps = {
  order: PurchaseOrder;
  opened: boolean;
  onClose: () => void;
  /** After a successful submission, with the order as the server answered it (submitted). */
  onSubmitted: (order: PurchaseOrder) => void;
};

/**
 * §2 Review order: the form (required date and shipping), the PDF preview, and for an
 * offline-only supplier the supplier order typed by hand; then Submit (or 'Mark as Submitted'),
 * confirmed, one submission however often it is clicked. Going Back keeps everything typed;
 * closing with changes asks first. Full screen on a phone.
 */
export function ReviewOrderModal({ order, opened, onClose, onSubmitted }: ReviewOrderModalProps) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={isManualSupplier(order) ? t('orderReview.titleManual') : t('orderReview.title')}
      size="56rem"
    >
      <ReviewFlow order={order} onSubmitted={onSubmitted} />
    </FormModal>
  );
}

/** A refusal as the server said it (its spec text, translated), else the generic line. */
function refusalText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status >= 500) return fallback;
  const said = error.code === 'UNKNOWN' ? error.fields[0]?.message : error.message;
  return said ? translateMessage(said) : fallback;
}

function ReviewFlow({
  order,
  onSubmitted,
}: {
  order: PurchaseOrder;
  onSubmitted: (order: PurchaseOrder) => void;
}) {
  const { t, i18n } = useTranslation();
  const modal = useFormModal();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the messages follow the language
  const schema = useMemo(() => createReviewSchema(order, t), [order, t, i18n.language]);
  const form = useAppForm(schema, reviewDefaults(order));
  const submitOrder = useSubmitOrder(order);
  const steps = reviewSteps(order);
  const [step, setStep] = useState<ReviewStep>('form');
  const [problem, setProblem] = useState<string | null>(null);
  const inFlight = useRef(false);
  const heading = useRef<HTMLParagraphElement>(null);
  const block = submitBlock(order);
  const manual = isManualSupplier(order);
  const shipping = needsShipping(order);
  const index = steps.indexOf(step);

  // A new step is announced and keyboard users start at its top.
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each step change
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const submit = async (values: ReviewFormValues) => {
    if (inFlight.current || block) return;
    inFlight.current = true;
    setProblem(null);
    let submitted: PurchaseOrder | null = null;
    let failure: unknown = null;
    try {
      await requestConfirm({
        key: 'submit-order',
        title: t('orderReview.submitTitle'),
        message: t('orderReview.submitConfirm'),
        confirmLabel: t('orderReview.submitYes'),
        cancelLabel: t('orderReview.cancel'),
        action: () =>
          submitOrder.mutateAsync(submitBody(order, values)).then(
            (answer) => {
              submitted = answer;
            },
            (error: unknown) => {
              failure = error;
              throw error;
            },
          ),
      });
    } finally {
      inFlight.current = false;
    }
    if (submitted) {
      notifySuccess(
        t('orderReview.submittedToast', { tuid: order.tuid }),
        manual
          ? t('orderReview.markedToastMessage', { supplier: order.context.supplier.name })
          : t('orderReview.submittedToastMessage', { supplier: order.context.supplier.name }),
      );
      modal.close();
      onSubmitted(submitted);
      return;
    }
    if (failure) showRefusal(failure);
  };

  /** A 400 marks its fields (and goes back to where they are typed); anything else shows its message. */
  const showRefusal = (error: unknown) => {
    if (error instanceof ApiError && error.status === 400) {
      const marked = error.fields
        .map((f) => ({ field: reviewFieldOfPath(f.path), message: translateMessage(f.message) }))
        .filter((f): f is { field: NonNullable<typeof f.field>; message: string } => f.field !== undefined);
      if (marked.length > 0) {
        const first = marked[0] as (typeof marked)[number];
        setStep(stepOfField(first.field));
        for (const { field, message } of marked) form.setError(field, { type: 'server', message });
        return;
      }
    }
    setProblem(refusalText(error, t('errors.serverIssues')));
  };

  const onSubmit = async (values: ReviewFormValues) => {
    if (step === 'form') return setStep('review');
    if (step === 'review' && manual) return setStep('supplierOrder');
    await submit(values);
  };

  const values = form.watch();
  const method = shippingMethodOf(order, values.shippingMethodId);
  const stepName = {
    form: t('orderReview.stepForm'),
    review: t('orderReview.stepReview'),
    supplierOrder: t('orderReview.stepSupplierOrder'),
  }[step];
  const isLast = index === steps.length - 1;

  return (
    <AppForm form={form} onSubmit={onSubmit} aria-label={stepName}>
      <Stack gap="md">
        <Text
          ref={heading}
          tabIndex={-1}
          size="sm"
          c="dimmed"
          aria-live="polite"
          data-testid="review-step"
          style={{ outline: 'none' }}
        >
          {t('orderReview.stepOf', { number: index + 1, count: steps.length, name: stepName })}
        </Text>
        {problem && (
          <StatusAlert kind="error" title={t('orderReview.failedTitle')} p="xs" data-testid="review-problem">
            {problem}
          </StatusAlert>
        )}

        {step === 'form' && (
          <Stack gap="sm">
            <Text size="sm">
              {t('orderReview.supplier')}: <strong>{order.context.supplier.name}</strong>
            </Text>
            <DayField
              name="requiredDate"
              badInputName="requiredDateBadInput"
              label={t('orderReview.requiredDate')}
              withAsterisk
              min={earliestRequiredDate(order)}
              maw={260}
              data-testid="review-required-date"
            />
            {shipping ? (
              <>
                <ShippingMethodField order={order} />
                <FreightEstimate order={order} methodId={values.shippingMethodId} />
                <TextareaField
                  name="shippingAddress"
                  label={t('orderReview.shippingAddress')}
                  withAsterisk
                  maxLength={2000}
                  minRows={2}
                />
              </>
            ) : (
              <StatusAlert kind="info" p="xs" data-testid="review-internal">
                {t('orderReview.internalSupplier', { supplier: order.context.supplier.name })}
              </StatusAlert>
            )}
            <TextareaField
              name="shippingInstructions"
              label={t('orderReview.shippingInstructions')}
              maxLength={2000}
              minRows={2}
            />
          </Stack>
        )}

        {step === 'review' && (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: shipping ? 3 : 1 }} spacing="xs">
              <Summary
                label={t('orderReview.requiredDate')}
                value={formatDate(localDay(values.requiredDate))}
              />
              {shipping && <Summary label={t('orderReview.shippingMethod')} value={method?.name ?? ''} />}
              {shipping && (
                <Summary label={t('orderReview.shippingAddress')} value={values.shippingAddress} />
              )}
            </SimpleGrid>
            {shipping && <FreightEstimate order={order} methodId={values.shippingMethodId} />}
            {block && <SubmitBlockAlert block={block} />}
            <ReviewPdfPreview order={order} shipping={pdfShipping(order, values)} />
          </Stack>
        )}

        {step === 'supplierOrder' && (
          <Stack gap="sm">
            <Text size="sm">
              {t('orderReview.supplierOrderIntro', { supplier: order.context.supplier.name })}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextField name="reference" label={t('orderReview.reference')} maxLength={200} />
              <TextField name="orderStatus" label={t('orderReview.orderStatus')} maxLength={200} />
            </SimpleGrid>
            <DayField
              name="eta"
              badInputName="etaBadInput"
              label={t('orderReview.eta')}
              maw={260}
              data-testid="review-eta"
            />
            <TextareaField name="notes" label={t('orderReview.notes')} maxLength={10000} minRows={2} />
          </Stack>
        )}

        <Group justify="space-between" gap="xs" wrap="wrap">
          {index > 0 ? (
            <Button variant="default" onClick={() => setStep(steps[index - 1] as ReviewStep)}>
              {t('orderReview.back')}
            </Button>
          ) : (
            <Button variant="default" onClick={modal.requestClose}>
              {t('orderReview.cancel')}
            </Button>
          )}
          <Button
            type="submit"
            color={isLast ? 'teal.9' : undefined}
            disabled={step !== 'form' && block !== null}
            loading={submitOrder.isPending}
          >
            {!isLast
              ? t('orderReview.next')
              : manual
                ? t('orderReview.markAsSubmitted')
                : t('orderReview.submit')}
          </Button>
        </Group>
      </Stack>
    </AppForm>
  );
}

function Summary({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {value || '—'}
      </Text>
    </div>
  );
}
