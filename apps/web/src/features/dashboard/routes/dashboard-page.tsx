import '../strings';
import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { phases } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AnchorLink, PaperLink } from '../../../components/ui/router-links';
import { useSession } from '../../../lib/session/session-query';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { dashboardDealsQueryOptions } from '../../deals';
import { OrdersSection } from '../components/orders-section';

/** §2 Dashboard: a section per active workflow (sales access only) with its phase and alert counts, then the orders. */
export function DashboardPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.dashboard'));
  const session = useSession();
  const sales = Boolean(session?.modules['dealer_portal.sales']);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('pages.dashboard')}
      </Title>
      {sales && <DealSections />}
      <OrdersSection />
    </Stack>
  );
}

function DealSections() {
  const { t } = useTranslation();
  const query = useQuery(dashboardDealsQueryOptions);
  if (query.isError) return <Text c="red.8">{t('dashboard.loadFailed')}</Text>;
  if (!query.data) return <Text c="dimmed">{t('app.loading')}</Text>;
  if (query.data.length === 0) return <Text c="dimmed">{t('dashboard.noWorkflows')}</Text>;
  return (
    <>
      {query.data.map((w) => (
        <Stack key={w.workflowId} component="section" aria-label={w.name} gap="xs">
          <Title order={2} size="h4">
            <AnchorLink to="/workflows/$workflowSlug" params={{ workflowSlug: w.slug }} inherit>
              {w.name}
            </AnchorLink>
          </Title>
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 5 }} spacing="xs">
            {phases.map((phase) => (
              <PaperLink
                key={phase}
                withBorder
                p="sm"
                radius="md"
                to="/workflows/$workflowSlug"
                params={{ workflowSlug: w.slug }}
                search={{ phase }}
                // The name starts with the visible text, "2 New" (WCAG 2.5.3), then says which workflow.
                aria-label={t('dashboard.phaseLink', {
                  count: w.phases[phase] ?? 0,
                  phase: t(`deals.phases.${phase}`),
                  workflow: w.name,
                })}
                data-phase={phase}
                style={{ textDecoration: 'none', color: 'inherit' }}
              >
                <Text size="xl" fw={700} data-testid="phase-count">
                  {w.phases[phase] ?? 0}
                </Text>{' '}
                {/* the space keeps the visible text "2 New" rather than "2New" for assistive tools */}
                <Text size="sm" c="dimmed">
                  {t(`deals.phases.${phase}`)}
                </Text>
              </PaperLink>
            ))}
          </SimpleGrid>
          <Group gap="md">
            <AnchorLink
              to="/workflows/$workflowSlug"
              params={{ workflowSlug: w.slug }}
              search={{ alerts: 'warning' }}
              size="sm"
            >
              {t('dashboard.warnings', { count: w.alerts.warning })}
            </AnchorLink>
            <AnchorLink
              to="/workflows/$workflowSlug"
              params={{ workflowSlug: w.slug }}
              search={{ alerts: 'info' }}
              size="sm"
            >
              {t('dashboard.infos', { count: w.alerts.info })}
            </AnchorLink>
          </Group>
        </Stack>
      ))}
    </>
  );
}
