import { Group, Loader, Stack } from '@mantine/core';
import {
  type DocumentRecord,
  documentCategoriesSelect,
  updateDocument,
  uploadMessages,
} from '@slat/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { NativeSelectField } from '../../../components/form/choice-fields';
import { TextField } from '../../../components/form/fields';
import { AppForm } from '../../../components/form/form';
import { FormButtons, FormModal, useFormModal } from '../../../components/form/form-modal';
import { useAppForm } from '../../../components/form/use-app-form';
import { callApi } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { translateMessage } from '../../../lib/i18n/i18n';
import { notifySuccess } from '../../../lib/notify';
import { notifyDealError } from '../api/deals';

const NAME_MAX = 200;

/** The categories a document files under (GET /old/product-document-categories/select). */
const categoriesQueryOptions = queryOptions({
  queryKey: ['documents', 'categories'],
  queryFn: ({ signal }) => callApi(documentCategoriesSelect, {}, { signal }),
  staleTime: 300_000,
});

const editSchema = z.object({
  name: z.string().trim().min(1, uploadMessages.nameRequired).max(NAME_MAX),
  /** A category id, or '' for none. */
  category: z.string(),
});

/**
 * Edit a deal's or a quote's document (POST /old/documents/{id}, _method PUT): its name and
 * category (whose name becomes its type). A FormModal: closing with changes asks first.
 */
export function EditDocumentModal({
  doc,
  onClose,
  onSaved,
}: {
  /** null: closed. */
  doc: DocumentRecord | null;
  onClose: () => void;
  /** After a save: the lists that show the document refresh. */
  onSaved: (saved: DocumentRecord) => void;
}) {
  const { t } = useTranslation();
  const categories = useQuery({ ...categoriesQueryOptions, enabled: doc !== null });
  // the form starts once the categories are known (they preselect the document's own)
  const ready = categories.data !== undefined || categories.isError;
  return (
    <FormModal opened={doc !== null} onClose={onClose} title={t('deals.attachments.editTitle')} zIndex={300}>
      {doc && !ready && (
        <Group justify="center" p="md">
          <Loader size="sm" role="progressbar" aria-label={t('app.loading')} />
        </Group>
      )}
      {doc && ready && (
        <EditDocumentForm
          doc={doc}
          categories={(categories.data ?? []).filter((c) => c.is_active)}
          onSaved={onSaved}
        />
      )}
    </FormModal>
  );
}

function EditDocumentForm({
  doc,
  categories: active,
  onSaved,
}: {
  doc: DocumentRecord;
  categories: { id: number; category: string }[];
  onSaved: (saved: DocumentRecord) => void;
}) {
  const { t } = useTranslation();
  const modal = useFormModal();
  const current = active.find((c) => c.category === doc.type);
  const initialCategory = current ? String(current.id) : '';
  const form = useAppForm(editSchema, { name: doc.name, category: initialCategory });
  const save = useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (values: z.output<typeof editSchema>) =>
      callApi(updateDocument, {
        params: { id: doc.id },
        body: {
          _method: 'PUT',
          name: values.name,
          // a type that is no category (an upload's own) stays unless a category is chosen
          ...(values.category !== initialCategory
            ? { document_category_id: values.category ? Number(values.category) : null }
            : {}),
        },
      }),
  });
  return (
    <AppForm
      form={form}
      aria-label={t('deals.attachments.editTitle')}
      onSubmit={async (values) => {
        try {
          const { data } = await save.mutateAsync(values);
          modal.close();
          notifySuccess(t('deals.attachments.saved'), data.name);
          onSaved(data);
        } catch (error) {
          const fields = error instanceof ApiError && error.status === 400 ? error.fields : [];
          for (const f of fields) {
            const name = f.path === 'document_category_id' ? 'category' : 'name';
            form.setError(name, { type: 'server', message: translateMessage(f.message) });
          }
          if (fields.length === 0) notifyDealError(error);
        }
      }}
    >
      <Stack gap="sm">
        <TextField name="name" label={t('deals.attachments.name')} maxLength={NAME_MAX} data-autofocus />
        <NativeSelectField
          name="category"
          label={t('deals.attachments.category')}
          data={[
            { value: '', label: t('deals.attachments.noCategory') },
            ...active.map((c) => ({ value: String(c.id), label: c.category })),
          ]}
        />
        <FormButtons submitLabel={t('deals.attachments.save')} />
      </Stack>
    </AppForm>
  );
}
