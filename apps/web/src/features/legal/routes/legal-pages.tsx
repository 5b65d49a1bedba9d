import '../strings';
import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconArrowLeft } from '../../../components/icons';
import { SlatLogo } from '../../../components/ui/slat-logo';
import { useDocumentTitle } from '../../../lib/use-document-title';

function LegalPage({ title, paragraphs }: { title: string; paragraphs: string[] }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <Container component="main" size="sm" py="xl">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg">
        <Stack gap="md">
          <SlatLogo size="md" />
          <Title order={1}>{title}</Title>
          {paragraphs.map((p) => (
            <Text key={p}>{p}</Text>
          ))}
          <Anchor
            component="button"
            type="button"
            onClick={() => window.history.back()}
            style={{ alignSelf: 'flex-start', display: 'inline-flex', alignItems: 'center', gap: 4 }}
          >
            <IconArrowLeft size={16} aria-hidden />
            {t('legal.back')}
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}

export function TermsPage() {
  const { t } = useTranslation();
  return (
    <LegalPage title={t('legal.termsTitle')} paragraphs={t('legal.termsBody', { returnObjects: true })} />
  );
}

export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <LegalPage title={t('legal.privacyTitle')} paragraphs={t('legal.privacyBody', { returnObjects: true })} />
  );
}
