import { ColorSwatch, Group, Input, Stack, TagsInput, Text } from '@mantine/core';
import { BADGE_PALETTE, type Person, personBodySchema } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField, useField } from '../../../components/form/fields';
import { AppForm } from '../../../components/form/form';
import { FormButtons } from '../../../components/form/form-modal';
import { TextareaField } from '../../../components/form/textarea-field';
import { useAppForm } from '../../../components/form/use-app-form';
import { IconCheck } from '../../../components/icons';
import { ApiError, isSessionError } from '../../../lib/api/errors';
import { i18n, translateMessage } from '../../../lib/i18n/i18n';
import { reportError } from '../../../lib/monitoring';
import { notifyError } from '../../../lib/notify';
import { personnelLabelsQueryOptions, useSavePerson } from '../api/personnel';

type PersonFormValues = {
  name: string;
  email: string;
  labels: string[];
  notes: string;
  badgeColor: string | null;
};

/**
 * A failed save keeps what was typed: the server's field messages ('Email already in use') go on
 * their fields and the first is toasted; anything else is the server-issues toast.
 */
function showPersonSaveError(error: unknown, form: UseFormReturn<PersonFormValues, unknown, unknown>) {
  if (isSessionError(error)) return;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    const names = Object.keys(form.getValues());
    for (const { path, message } of error.fields) {
      if (names.includes(path))
        form.setError(path as keyof PersonFormValues, { type: 'server', message: translateMessage(message) });
    }
    const first = error.fields[0]?.message ?? error.message;
    notifyError(translateMessage(first), i18n.t('form.reviewAll'));
    return;
  }
  reportError(error);
  notifyError(i18n.t('errors.genericTitle'), i18n.t('errors.serverIssues'));
}

/**
 * Add (no person) or edit a person; validation is the contract's (§5 Person). `onSaved` gets the
 * person as saved (its name as it is now); Cancel closes the FormModal unless `onCancel` is given.
 */
export function PersonForm({
  person,
  onSaved,
  onCancel,
}: {
  person?: Person;
  onSaved: (saved: { id: number; name: string }) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const save = useSavePerson();
  const form = useAppForm(personBodySchema, {
    name: person?.name ?? '',
    email: person?.email ?? '',
    labels: person?.labels ?? [],
    notes: person?.notes ?? '',
    badgeColor: person?.badgeColor ?? null,
  });
  const typedForm = form as unknown as UseFormReturn<PersonFormValues, unknown, unknown>;
  return (
    <AppForm
      form={form}
      aria-label={person ? t('personnel.editTitle') : t('personnel.addTitle')}
      onSubmit={async (values) => {
        try {
          const saved = await save.mutateAsync({ ...values, ...(person ? { id: person.id } : {}) });
          onSaved({ id: saved.id, name: values.name });
        } catch (error) {
          showPersonSaveError(error, typedForm);
        }
      }}
    >
      <Stack gap="sm">
        <TextField name="name" label={t('personnel.name')} required maxLength={200} data-autofocus />
        <TextField name="email" label={t('personnel.email')} required type="email" maxLength={320} />
        <LabelsField />
        <TextareaField name="notes" label={t('personnel.notes')} maxLength={5000} />
        <BadgeColorField />
        <FormButtons submitLabel={t('personnel.save')} {...(onCancel ? { onCancel } : {})} />
      </Stack>
    </AppForm>
  );
}

function LabelsField() {
  const { t } = useTranslation();
  const { field, error } = useField('labels');
  const known = useQuery(personnelLabelsQueryOptions);
  return (
    <TagsInput
      ref={field.ref}
      name={field.name}
      label={t('personnel.labels')}
      placeholder={t('personnel.labelsPlaceholderInput')}
      data={known.data ?? []}
      value={(field.value as string[] | undefined) ?? []}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
      maxTags={20}
      clearable
    />
  );
}

function BadgeColorField() {
  const { t } = useTranslation();
  const { field } = useField('badgeColor');
  const value = (field.value as string | null | undefined) ?? null;
  return (
    <Input.Wrapper label={t('personnel.badgeColor')} description={t('personnel.badgeColorHint')}>
      <Group gap={6} mt={4} role="group" aria-label={t('personnel.badgeColor')}>
        {BADGE_PALETTE.map((color) => {
          const selected = value?.toLowerCase() === color;
          return (
            <ColorSwatch
              key={color}
              component="button"
              type="button"
              color={color}
              size={28}
              aria-label={color}
              aria-pressed={selected}
              onClick={() => field.onChange(selected ? null : color)}
              style={{ cursor: 'pointer', color: '#fff' }}
            >
              {selected && <IconCheck size={16} aria-hidden />}
            </ColorSwatch>
          );
        })}
      </Group>
      {value && !BADGE_PALETTE.includes(value.toLowerCase() as (typeof BADGE_PALETTE)[number]) && (
        <Text size="xs" c="dimmed" mt={4}>
          {value}
        </Text>
      )}
    </Input.Wrapper>
  );
}
