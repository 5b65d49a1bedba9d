import { Button, Group, Stack } from '@mantine/core';
import { createDeal, type DealDetail } from '@slat/contracts';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField } from '../../../components/form/fields';
import { AppForm } from '../../../components/form/form';
import { TextareaField } from '../../../components/form/textarea-field';
import { useAppForm } from '../../../components/form/use-app-form';
import { notifyDealError, useCreateDeal, useUpdateDeal } from '../api/deals';
import { ContactPicker } from './contact-picker';
import { EditorModal, useReportDirty } from './unsaved-changes';

const dealFormSchema = createDeal.body.pick({ name: true, description: true }).extend({
  contactId: z.string().nullable(),
});

/** Create (with a workflow) or edit (with a deal): name, description and contact. */
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
    <EditorModal
      opened={opened}
      onClose={onClose}
      title={deal ? t('deals.editTitle') : t('deals.createTitle')}
    >
      {({ setDirty, requestClose }) => (
        <DealForm
          workflowId={workflowId}
          deal={deal}
          onDone={onClose}
          onCancel={requestClose}
          setDirty={setDirty}
          onCreated={onCreated}
        />
      )}
    </EditorModal>
  );
}

function DealForm({
  workflowId,
  deal,
  onDone,
  onCancel,
  setDirty,
  onCreated,
}: {
  workflowId: number;
  deal?: DealDetail | undefined;
  onDone: () => void;
  onCancel: () => void;
  setDirty: (dirty: boolean) => void;
  onCreated?: ((deal: DealDetail) => void) | undefined;
}) {
  const { t } = useTranslation();
  const create = useCreateDeal();
  const update = useUpdateDeal();
  const form = useAppForm(dealFormSchema, {
    name: deal?.name ?? '',
    description: deal?.description ?? '',
    contactId: deal?.contactId ?? null,
  });
  useReportDirty(form.formState.isDirty, setDirty);
  const contact = useController({ control: form.control, name: 'contactId' });
  return (
    <AppForm
      form={form}
      aria-label={deal ? t('deals.editTitle') : t('deals.createTitle')}
      onSubmit={async (values) => {
        const body = {
          name: values.name,
          description: values.description ?? '',
          contactId: values.contactId,
        };
        try {
          if (deal) {
            await update.mutateAsync({ id: deal.id, ...body });
            setDirty(false);
            onDone();
          } else {
            const created = await create.mutateAsync({ workflowId, ...body });
            setDirty(false);
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
          onChange={(picked) => form.setValue('contactId', picked?.id ?? null, { shouldDirty: true })}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            {t('deals.cancel')}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {deal ? t('deals.save') : t('deals.create')}
          </Button>
        </Group>
      </Stack>
    </AppForm>
  );
}
