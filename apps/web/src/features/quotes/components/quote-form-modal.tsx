import { Stack, Text } from '@mantine/core';
import { quoteFieldsBody } from '@slat/contracts';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form/fields';
import { AppForm } from '../../../components/form/form';
import { FormButtons, FormModal, useFormModal } from '../../../components/form/form-modal';
import { TextareaField } from '../../../components/form/textarea-field';
import { useAppForm } from '../../../components/form/use-app-form';
import type { BoardSearch } from '../../deals';
import { notifyQuoteError, useAddQuote, useCloneQuote, useUpdateQuote } from '../api/quotes';

const DESCRIPTION_MAX = 2000;
const NOTES_MAX = 10000;

const cloneSchema = quoteFieldsBody.pick({ description: true });

/** Where a quote opens: the deal it belongs to, on its workflow, and the board's filters to keep. */
export type QuoteDealRef = {
  workflowSlug: string;
  workflowId: number;
  dealId: number;
  boardSearch?: BoardSearch;
};

/** The quote modal's address for a quote of this deal (after create and clone the user goes there). */
export const quoteRoute = (deal: QuoteDealRef, quoteId: number) =>
  ({
    to: '/workflows/$workflowSlug/$dealId/quotes/$quoteId',
    params: { workflowSlug: deal.workflowSlug, dealId: String(deal.dealId), quoteId: String(quoteId) },
    search: deal.boardSearch ?? {},
  }) as const;

type Mode =
  | { kind: 'create' }
  | { kind: 'edit'; quoteId: number; description: string; customerNotes: string }
  | { kind: 'clone'; quoteId: number; description: string };

const titles = {
  create: 'quotes.createTitle',
  edit: 'quotes.editTitle',
  clone: 'quotes.cloneTitle',
} as const;

/**
 * §2's quote create, edit and clone modals (decision 012: FormModals, so closing one with
 * changes asks the unsaved-changes question). Create and clone go to the new quote.
 */
export function QuoteFormModal({
  mode,
  deal,
  onClose,
}: {
  /** null: closed. */
  mode: Mode | null;
  deal: QuoteDealRef;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal opened={mode !== null} onClose={onClose} title={mode ? t(titles[mode.kind]) : ''}>
      {mode?.kind === 'clone' ? (
        <CloneForm quoteId={mode.quoteId} description={mode.description} deal={deal} />
      ) : mode ? (
        <FieldsForm mode={mode} deal={deal} />
      ) : null}
    </FormModal>
  );
}

function FieldsForm({ mode, deal }: { mode: Exclude<Mode, { kind: 'clone' }>; deal: QuoteDealRef }) {
  const { t } = useTranslation();
  const modal = useFormModal();
  const navigate = useNavigate();
  const editing = mode.kind === 'edit' ? mode : null;
  const add = useAddQuote(deal);
  const update = useUpdateQuote(editing?.quoteId ?? 0, deal.dealId);
  const form = useAppForm(quoteFieldsBody, {
    description: editing?.description ?? '',
    customerNotes: editing?.customerNotes ?? '',
  });
  const label = t(editing ? 'quotes.editTitle' : 'quotes.createTitle');
  return (
    <AppForm
      form={form}
      aria-label={label}
      onSubmit={async (values) => {
        try {
          if (editing) {
            await update.mutateAsync(values);
            modal.close();
          } else {
            const created = await add.mutateAsync(values);
            modal.close();
            void navigate(quoteRoute(deal, created.id));
          }
        } catch (error) {
          notifyQuoteError(error);
        }
      }}
    >
      <Stack gap="sm">
        <TextField
          name="description"
          label={t('quotes.description')}
          maxLength={DESCRIPTION_MAX}
          data-autofocus
        />
        <TextareaField
          name="customerNotes"
          label={t('quotes.customerNotes')}
          description={t('quotes.customerNotesHint')}
          maxLength={NOTES_MAX}
        />
        <FormButtons submitLabel={editing ? t('quotes.save') : t('quotes.create')} />
      </Stack>
    </AppForm>
  );
}

function CloneForm({
  quoteId,
  description,
  deal,
}: {
  quoteId: number;
  description: string;
  deal: QuoteDealRef;
}) {
  const { t } = useTranslation();
  const modal = useFormModal();
  const navigate = useNavigate();
  const clone = useCloneQuote(quoteId, deal);
  const form = useAppForm(cloneSchema, { description });
  return (
    <AppForm
      form={form}
      aria-label={t('quotes.cloneTitle')}
      onSubmit={async (values) => {
        try {
          const cloned = await clone.mutateAsync(values.description);
          modal.close();
          void navigate(quoteRoute(deal, cloned.id));
        } catch (error) {
          notifyQuoteError(error);
        }
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('quotes.cloneHint')}
        </Text>
        <TextField
          name="description"
          label={t('quotes.description')}
          maxLength={DESCRIPTION_MAX}
          data-autofocus
        />
        <FormButtons submitLabel={t('quotes.clone')} />
      </Stack>
    </AppForm>
  );
}
