import '../strings';
import { Stack } from '@mantine/core';
import { type ContactBody, type ContactSummary, contactBodySchema } from '@slat/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form/fields';
import { AppForm } from '../../../components/form/form';
import { FormButtons, RecordFormModal, useFormModal } from '../../../components/form/form-modal';
import { useAppForm } from '../../../components/form/use-app-form';
import { ApiError, isSessionError } from '../../../lib/api/errors';
import { i18n, translateMessage } from '../../../lib/i18n/i18n';
import { reportError } from '../../../lib/monitoring';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateContact, useUpdateContact } from '../api/create-contact';

type ContactForm = UseFormReturn<ContactBody, unknown, unknown>;
const FIELDS: (keyof ContactBody)[] = ['name', 'email', 'phone'];

/**
 * A refused save keeps what was typed: the server's reasons go on their fields (a taken email
 * answers 409 on `email`), the first is focused and toasted; anything else is the server-issues toast.
 */
function showRefusal(error: unknown, form: ContactForm): void {
  if (isSessionError(error)) return;
  if (!(error instanceof ApiError) || error.status >= 500) {
    reportError(error);
    notifyError(i18n.t('errors.genericTitle'), i18n.t('errors.serverIssues'));
    return;
  }
  const onFields = error.fields.filter((f) => FIELDS.includes(f.path as keyof ContactBody));
  for (const f of onFields)
    form.setError(f.path as keyof ContactBody, { type: 'server', message: f.message });
  if (onFields[0]) form.setFocus(onFields[0].path as keyof ContactBody);
  notifyError(translateMessage(error.fields[0]?.message ?? error.message), i18n.t('form.reviewAll'));
}

/** New contact ('new') or edit one (a contact); closed with null. One contact per email in an account. */
export function ContactFormModal({
  editing,
  onClose,
  onSaved,
}: {
  editing: ContactSummary | 'new' | null;
  onClose: () => void;
  onSaved?: (contact: ContactSummary) => void;
}) {
  const { t } = useTranslation();
  return (
    <RecordFormModal
      editing={editing}
      onClose={onClose}
      addTitle={t('contacts.newTitle')}
      editTitle={t('contacts.editTitle')}
    >
      {(contact) => <ContactFields contact={contact} onSaved={onSaved} />}
    </RecordFormModal>
  );
}

function ContactFields({
  contact,
  onSaved,
}: {
  contact: ContactSummary | null;
  onSaved: ((contact: ContactSummary) => void) | undefined;
}) {
  const { t } = useTranslation();
  const modal = useFormModal();
  const create = useCreateContact();
  const update = useUpdateContact();
  const form = useAppForm(contactBodySchema, {
    name: contact?.name ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
  });
  return (
    <AppForm
      form={form}
      aria-label={contact ? t('contacts.editTitle') : t('contacts.newTitle')}
      onSubmit={async (values) => {
        try {
          const saved = contact
            ? await update.mutateAsync({ id: contact.id, ...values })
            : await create.mutateAsync(values);
          modal.close();
          notifySuccess(t('contacts.saved'), saved.name);
          onSaved?.(saved);
        } catch (error) {
          showRefusal(error, form as unknown as ContactForm);
        }
      }}
    >
      <Stack gap="sm">
        <TextField name="name" label={t('contacts.name')} required maxLength={200} data-autofocus />
        <TextField name="email" label={t('contacts.email')} type="email" maxLength={320} autoComplete="off" />
        <TextField name="phone" label={t('contacts.phone')} type="tel" maxLength={50} autoComplete="off" />
        <FormButtons submitLabel={contact ? t('contacts.save') : t('contacts.create')} />
      </Stack>
    </AppForm>
  );
}
