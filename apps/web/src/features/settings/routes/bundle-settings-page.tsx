import '../strings';
import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import type { Bundle } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField } from '../../../components/form/fields';
import { AppForm } from '../../../components/form/form';
import { FormButtons, FormModal, useFormModal } from '../../../components/form/form-modal';
import { useAppForm } from '../../../components/form/use-app-form';
import { confirmDestructive } from '../../../lib/confirm';
import { notifySuccess } from '../../../lib/notify';
import { blockingBundle, bundlesQueryOptions, useToggleBundle } from '../api/bundles';
import {
  initialTemplateValues,
  templateValueErrors,
  templateValuesRequest,
} from '../components/bundle-fields';
import { QueryView, SettingsPage } from '../components/settings-page';

export function BundleSettingsPage() {
  const { t } = useTranslation();
  const query = useQuery(bundlesQueryOptions);
  const toggle = useToggleBundle();
  // the values form: to subscribe, or to change a subscribed bundle's values in place
  const [asking, setAsking] = useState<{ bundle: Bundle; editing: boolean } | null>(null);
  const onToggle = (bundle: Bundle, on: boolean) => {
    if (on && bundle.templateFields.length > 0) setAsking({ bundle, editing: false });
    else if (on) toggle.mutate({ id: bundle.id, subscribe: true });
    // decision 012: unsubscribing clears the bundle's values, so it asks first
    else
      void confirmDestructive({
        title: t('settings.bundles.unsubscribeTitle', { name: bundle.name }),
        message: t('settings.bundles.unsubscribeMessage'),
        confirmLabel: t('settings.bundles.unsubscribe'),
        action: () => toggle.mutateAsync({ id: bundle.id, subscribe: false }),
      });
  };
  return (
    <SettingsPage section="bundles" intro={t('settings.bundles.intro')}>
      <QueryView query={query}>
        {(bundles) =>
          bundles.length === 0 ? (
            <Text>{t('settings.bundles.empty')}</Text>
          ) : (
            <Stack
              component="ul"
              gap="sm"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label={t('pages.settingsBundles')}
            >
              {[...bundles]
                .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name))
                .map((bundle) => (
                  <BundleRow
                    key={bundle.id}
                    bundle={bundle}
                    blockedBy={blockingBundle(bundles, bundle)}
                    busy={toggle.isPending && toggle.variables?.id === bundle.id}
                    onToggle={(on) => onToggle(bundle, on)}
                    onEdit={() => setAsking({ bundle, editing: true })}
                  />
                ))}
            </Stack>
          )
        }
      </QueryView>
      <FormModal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={
          asking
            ? t(asking.editing ? 'settings.bundles.editTitle' : 'settings.bundles.fieldsTitle', {
                name: asking.bundle.name,
              })
            : ''
        }
        size="md"
        fullScreenOnPhone={false}
      >
        {asking && (
          <TemplateFieldsForm
            bundle={asking.bundle}
            editing={asking.editing}
            // subscribing again replaces the values: the bundle stays subscribed throughout
            onSubmit={(templateValues) =>
              toggle.mutate(
                { id: asking.bundle.id, subscribe: true, templateValues },
                asking.editing
                  ? { onSuccess: (saved) => notifySuccess(t('settings.bundles.valuesSaved'), saved.name) }
                  : undefined,
              )
            }
          />
        )}
      </FormModal>
    </SettingsPage>
  );
}

function BundleRow({
  bundle,
  blockedBy,
  busy,
  onToggle,
  onEdit,
}: {
  bundle: Bundle;
  blockedBy: Bundle | undefined;
  busy: boolean;
  onToggle: (on: boolean) => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const values = bundle.isSubscribed ? bundle.templateFields.filter((f) => f.value !== null) : [];
  return (
    <Stack
      component="li"
      gap={6}
      p="md"
      data-bundle={bundle.name}
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Switch
        checked={bundle.isSubscribed}
        disabled={blockedBy !== undefined || busy}
        onChange={(event) => onToggle(event.currentTarget.checked)}
        label={<Text fw={600}>{bundle.name}</Text>}
        description={bundle.description || undefined}
        styles={{ description: { color: 'var(--mantine-color-dimmed)' } }}
      />
      {values.length > 0 && (
        <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed">
            {t('settings.bundles.values')}: {values.map((f) => `${f.label} ${f.value}`).join(' · ')}
          </Text>
          <Button
            size="compact-sm"
            variant="default"
            disabled={busy}
            onClick={onEdit}
            aria-label={t('settings.bundles.editValues', { name: bundle.name })}
          >
            {t('settings.bundles.edit')}
          </Button>
        </Group>
      )}
      {blockedBy && (
        <Text size="sm" c="dimmed">
          {t('settings.bundles.blocked')} ({blockedBy.name})
        </Text>
      )}
    </Stack>
  );
}

function TemplateFieldsForm({
  bundle,
  editing,
  onSubmit,
}: {
  bundle: Bundle;
  editing: boolean;
  onSubmit: (values: Record<string, string>) => void;
}) {
  const { t, i18n } = useTranslation();
  const modal = useFormModal();
  // §5's bundle-field rules, each message on its field (keyed by templateKey)
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the language changes
  const schema = useMemo(
    () =>
      z.record(z.string(), z.string()).superRefine((values, ctx) => {
        for (const [key, message] of Object.entries(templateValueErrors(bundle.templateFields, values, t)))
          ctx.addIssue({ code: 'custom', path: [key], message });
      }),
    [bundle.templateFields, t, i18n.language],
  );
  const form = useAppForm(schema, initialTemplateValues(bundle.templateFields));
  return (
    <AppForm
      form={form}
      onSubmit={(values) => {
        modal.close();
        onSubmit(templateValuesRequest(values));
      }}
      aria-label={t(editing ? 'settings.bundles.editTitle' : 'settings.bundles.fieldsTitle', {
        name: bundle.name,
      })}
    >
      <Stack gap="md">
        <Text size="sm">{t('settings.bundles.fieldsIntro')}</Text>
        {bundle.templateFields.map((field) => (
          <TextField
            key={field.templateKey}
            name={field.templateKey}
            label={field.label}
            required
            inputMode="decimal"
            description={
              field.operator === 'FACTOR'
                ? t('settings.bundles.factorHint')
                : t('settings.bundles.currencyHint')
            }
          />
        ))}
        <FormButtons
          submitLabel={editing ? t('settings.bundles.saveValues') : t('settings.bundles.confirm')}
        />
      </Stack>
    </AppForm>
  );
}
