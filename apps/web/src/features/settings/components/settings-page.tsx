import '../strings';
import { Group, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView as SharedQueryView } from '../../../components/ui/query-view';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { type SettingsSection, sectionTitleKey } from './settings-sections';

/** A settings page: its title (also the document title), an intro line and the content. */
export function SettingsPage({
  section,
  intro,
  actions,
  children,
}: {
  section: SettingsSection;
  intro?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const title = t(sectionTitleKey[section]);
  useDocumentTitle(`${title} · ${t('pages.settings')}`);
  return (
    <Stack gap="lg" maw={760}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {title}
          </Title>
          {intro && <Text c="dimmed">{intro}</Text>}
        </Stack>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}

/** The shared QueryView with the settings failure text. */
export function QueryView<T>({
  query,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'isError'> & { refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <SharedQueryView query={query} failedTitle={t('settings.loadFailed')}>
      {children}
    </SharedQueryView>
  );
}

/** A titled block inside a settings page. */
export function SettingsSectionCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack
      component="section"
      aria-labelledby={id}
      gap="md"
      p="md"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Title order={3} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
