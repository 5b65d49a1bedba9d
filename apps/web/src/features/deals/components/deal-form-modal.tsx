import { Stack } from '@mantine/core';
import { ACCESS_NOTES_MAX, createDeal, type DealDetail, SITE_ADDRESS_MAX } from '@slat/contracts';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AddressField } from '../../../components/form/address-field';
import { TextField } from '../../../components/form/fields';
import { AppForm } from '../../../components/form/form';
import { FormButtons, FormModal, useFormModal } from '../../../components/form/form-modal';
import { TextareaField } from '../../../components/form/textarea-field';
import { useAppForm } from '../../../components/form/use-app-form';
import { notifyDealError, useCreateDeal, useUpdateDeal } from '../api/deals';
import { ContactPicker, usePendingContact } from './contact-picker';

const dealFormSchema = createDeal.body
  .pick({ name: true, description: true, siteAddress: true, accessNotes: true })
  .extend({ contactId: z.string().nullable() });

/** Create (with a workflow) or edit (with a deal): name, description, contact, site address and access notes. */
export function DealFormModal({
  opened,
  onClose,
  workflowId,
  deal,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  workflowId: number;
  deal?: DealDetail;
  onCreated?: (deal: DealDetail) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={deal ? t('deals.editTitle') : t('deals.createTitle')}>
      <DealForm workflowId={workflowId} deal={deal} onCreated={onCreated} />
    </FormModal>
  );
}

function DealForm({
  workflowId,
  deal,
  onCreated,
}: {
  workflowId: number;
  deal?: DealDetail | undefined;
  onCreated?: ((deal: DealDetail) => void) | undefined;
}) {
  const { t } = useTranslation();
  const modal = useFormModal();
  const create = useCreateDeal();
  const update = useUpdateDeal();
  const form = useAppForm(dealFormSchema, {
    name: deal?.name ?? '',
    description: deal?.description ?? '',
    contactId: deal?.contactId ?? null,
    siteAddress: deal?.siteAddress ?? '',
    accessNotes: deal?.accessNotes ?? '',
  });
  const contact = useController({ control: form.control, name: 'contactId' });
  const pendingContact = usePendingContact();
  return (
    <AppForm
      form={form}
      aria-label={deal ? t('deals.editTitle') : t('deals.createTitle')}
      onSubmit={async (values) => {
        // a new contact typed but not yet created is created first; a search left unpicked stops here
        const contactId = await pendingContact.settle(values.contactId);
        if (contactId === undefined) return;
        const body = {
          name: values.name,
          description: values.description ?? '',
          contactId,
          siteAddress: values.siteAddress ?? '',
          accessNotes: values.accessNotes ?? '',
        };
        try {
          if (deal) {
            await update.mutateAsync({ id: deal.id, ...body });
            modal.close();
          } else {
            const created = await create.mutateAsync({ workflowId, ...body });
            modal.release();
            onCreated?.(created);
          }
        } catch (error) {
          notifyDealError(error);
        }
      }}
    >
      <Stack gap="sm">
        <TextField name="name" label={t('deals.name')} required maxLength={200} data-autofocus />
        <TextareaField name="description" label={t('deals.description')} maxLength={5000} />
        <ContactPicker
          value={contact.field.value ?? null}
          initialName={deal?.contact?.name}
          pending={pendingContact}
          onChange={(picked) => form.setValue('contactId', picked?.id ?? null, { shouldDirty: true })}
        />
        <AddressField
          name="siteAddress"
          label={t('deals.siteAddress')}
          description={t('deals.siteAddressHint')}
          maxLength={SITE_ADDRESS_MAX}
        />
        <TextareaField
          name="accessNotes"
          label={t('deals.accessNotes')}
          description={t('deals.accessNotesHint')}
          maxLength={ACCESS_NOTES_MAX}
        />
        <FormButtons submitLabel={deal ? t('deals.save') : t('deals.create')} />
      </Stack>
    </AppForm>
  );
}
