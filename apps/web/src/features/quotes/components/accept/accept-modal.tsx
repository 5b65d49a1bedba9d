import { Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { DealQuote } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, useFormModal } from '../../../../components/form/form-modal';
import { useUnsavedChanges } from '../../../../components/form/unsaved-changes';
import { StatusAlert } from '../../../../components/ui/status-alert';
import { ApiError } from '../../../../lib/api/errors';
import { translateMessage } from '../../../../lib/i18n/i18n';
import { notifySuccess } from '../../../../lib/notify';
import { dealQueryOptions } from '../../../deals';
import '../../accept-strings';
import { formatPrice } from '../../../order-lines';
import { useAcceptQuote } from '../../api/accept';
import { acceptSubmission } from './accept-logic';
import { SignatureCanvas, type SignatureCanvasHandle } from './signature-canvas';

/**
 * §2 accept (signature) modal: the signer's name (the deal's contact unless changed), then the
 * customer draws on the 768 × 240 canvas, or 'Accept without signature' is ticked; Accept posts
 * it. A refusal (400, 409) shows here and the modal stays with the signature; a drawn signature
 * or a changed name counts as unsaved (closing asks first).
 */
export function AcceptQuoteModal({
  quote,
  opened,
  onClose,
}: {
  quote: DealQuote;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('quoteAccept.acceptTitle', { tuid: quote.tuid })}
      size="52rem"
    >
      <AcceptForm quote={quote} />
    </FormModal>
  );
}

/** The server's word on the signer's name (400 naming `signerName`), if that is what it refused. */
function signerNameRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const field = error.fields.find((f) => f.path === 'signerName');
  return field ? translateMessage(field.message) : null;
}

/** A refusal as the server said it (its spec text, translated), else the generic line. */
function refusalText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status >= 500) return fallback;
  const said = error.fields[0]?.message ?? (error.code === 'UNKNOWN' ? undefined : error.message);
  return said ? translateMessage(said) : fallback;
}

function AcceptForm({ quote }: { quote: DealQuote }) {
  const { t } = useTranslation();
  const modal = useFormModal();
  const accept = useAcceptQuote(quote);
  const canvas = useRef<SignatureCanvasHandle>(null);
  const [signed, setSigned] = useState(false);
  const [withoutSignature, setWithoutSignature] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The deal's contact signs unless someone else's name is typed (null: not changed).
  const contactName = useQuery(dealQueryOptions(quote.dealId)).data?.contact?.name ?? '';
  const [typedSignerName, setTypedSignerName] = useState<string | null>(null);
  const signerName = typedSignerName ?? contactName;
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  useUnsavedChanges(
    (signed || withoutSignature || (typedSignerName !== null && typedSignerName !== contactName)) &&
      !accept.isSuccess,
  );
  const pricing = quote.context.pricing;
  const total = formatPrice(pricing?.sellGrandTotalIncTax ?? quote.totalSellPrice);
  const deposit = pricing ? formatPrice(pricing.depositAmount) : null;

  const submit = () => {
    const decided = acceptSubmission({ signed, withoutSignature, signerName });
    if (!decided.ok && decided.problem === 'needsSignerName') {
      setNameProblem(t('quoteAccept.signerNameRequired'));
      nameRef.current?.focus();
      return;
    }
    if (!decided.ok) {
      setProblem(t('quoteAccept.needsSignature'));
      return;
    }
    setProblem(null);
    setNameProblem(null);
    const signature = decided.withoutSignature ? null : (canvas.current?.toPng() ?? null);
    accept.mutate(
      { signature, acceptWithoutSignature: decided.withoutSignature, signerName },
      {
        onSuccess: () => {
          notifySuccess(
            t('quoteAccept.acceptedToast', { tuid: quote.tuid }),
            t('quoteAccept.acceptedToastMessage'),
          );
          modal.close();
        },
        onError: (error) => {
          const aboutName = signerNameRefusal(error);
          if (aboutName) setNameProblem(aboutName);
          else setProblem(refusalText(error, t('errors.serverIssues')));
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm">{t('quoteAccept.acceptIntro')}</Text>
        <SimpleGrid cols={2} spacing="xs" maw={420}>
          <div>
            <Text size="xs" c="dimmed">
              {t('quoteAccept.total')}
            </Text>
            <Text fw={700} data-testid="accept-total">
              {total ?? '—'}
            </Text>
          </div>
          {deposit && (
            <div>
              <Text size="xs" c="dimmed">
                {t('quoteAccept.deposit')}
              </Text>
              <Text fw={700} data-testid="accept-deposit">
                {deposit}
              </Text>
            </div>
          )}
        </SimpleGrid>
        <TextInput
          ref={nameRef}
          label={t('quoteAccept.signerName')}
          description={t('quoteAccept.signerNameHint')}
          value={signerName}
          withAsterisk={!withoutSignature}
          maxLength={200}
          autoComplete="off"
          disabled={accept.isPending}
          error={nameProblem}
          maw={420}
          onChange={(event) => {
            setTypedSignerName(event.currentTarget.value);
            if (event.currentTarget.value.trim()) setNameProblem(null);
          }}
          data-testid="accept-signer-name"
        />
        <SignatureCanvas
          ref={canvas}
          disabled={withoutSignature || accept.isPending}
          onChange={(drawn) => {
            setSigned(drawn);
            if (drawn) setProblem(null);
          }}
        />
        <Checkbox
          label={t('quoteAccept.withoutSignature')}
          description={t('quoteAccept.withoutSignatureHint')}
          checked={withoutSignature}
          disabled={accept.isPending}
          onChange={(event) => {
            setWithoutSignature(event.currentTarget.checked);
            if (event.currentTarget.checked) {
              setProblem(null);
              setNameProblem(null);
            }
          }}
        />
        {problem && (
          <StatusAlert kind="error" title={t('quoteAccept.failedTitle')} p="xs" data-testid="accept-problem">
            {problem}
          </StatusAlert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={modal.requestClose} disabled={accept.isPending}>
            {t('quoteAccept.cancel')}
          </Button>
          <Button type="submit" color="teal.9" loading={accept.isPending}>
            {t('quoteAccept.acceptButton')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
