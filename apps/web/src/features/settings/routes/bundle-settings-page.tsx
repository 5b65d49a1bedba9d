import '../strings';
import { Button, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { Bundle } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const [asking, setAsking] = useState<Bundle | null>(null);
  const onToggle = (bundle: Bundle, on: boolean) => {
    if (on && bundle.templateFields.length > 0) setAsking(bundle);
    else toggle.mutate({ id: bundle.id, subscribe: on });
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
                  />
                ))}
            </Stack>
          )
        }
      </QueryView>
      <Modal
        closeButtonProps={{ 'aria-label': t('errors.close') }}
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? t('settings.bundles.fieldsTitle', { name: asking.name }) : ''}
      >
        {asking && (
          <TemplateFieldsForm
            bundle={asking}
            onCancel={() => setAsking(null)}
            onSubmit={(templateValues) => {
              setAsking(null);
              toggle.mutate({ id: asking.id, subscribe: true, templateValues });
            }}
          />
        )}
      </Modal>
    </SettingsPage>
  );
}

function BundleRow({
  bundle,
  blockedBy,
  busy,
  onToggle,
}: {
  bundle: Bundle;
  blockedBy: Bundle | undefined;
  busy: boolean;
  onToggle: (on: boolean) => void;
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
        <Text size="sm" c="dimmed">
          {t('settings.bundles.values')}: {values.map((f) => `${f.label} ${f.value}`).join(' · ')}
        </Text>
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
  onCancel,
  onSubmit,
}: {
  bundle: Bundle;
  onCancel: () => void;
  onSubmit: (values: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() => initialTemplateValues(bundle.templateFields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = templateValueErrors(bundle.templateFields, values, t);
    setErrors(found);
    const first = bundle.templateFields.find((f) => found[f.templateKey]);
    if (first) {
      document.getElementById(`bundle-field-${first.templateKey}`)?.focus();
      return;
    }
    onSubmit(templateValuesRequest(values));
  };
  return (
    <form noValidate onSubmit={submit} aria-label={t('settings.bundles.fieldsTitle', { name: bundle.name })}>
      <Stack gap="md">
        <Text size="sm">{t('settings.bundles.fieldsIntro')}</Text>
        {bundle.templateFields.map((field) => (
          <TextInput
            key={field.templateKey}
            id={`bundle-field-${field.templateKey}`}
            label={field.label}
            required
            inputMode="decimal"
            description={
              field.operator === 'FACTOR'
                ? t('settings.bundles.factorHint')
                : t('settings.bundles.currencyHint')
            }
            value={values[field.templateKey] ?? ''}
            error={errors[field.templateKey]}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setValues((v) => ({ ...v, [field.templateKey]: next }));
            }}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('settings.cancel')}
          </Button>
          <Button type="submit">{t('settings.bundles.confirm')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
