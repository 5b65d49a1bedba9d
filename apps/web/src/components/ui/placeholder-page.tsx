import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';

/** A page a later issue fills in: its title, so the route exists and is reachable. */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <Stack gap="xs">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">{t('pages.comingSoon')}</Text>
    </Stack>
  );
}
