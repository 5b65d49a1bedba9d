import '../../deals/strings';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { phases } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session/session-query';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { dashboardDealsQueryOptions } from '../../deals/api/deals';

/** §2 Dashboard: a section per active workflow (sales access only) with its phase and alert counts. */
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
      <Text c="dimmed" size="sm">
        {t('dashboard.ordersSoon')}
      </Text>
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
            <Anchor component={Link} to={`/workflows/${w.slug}`} inherit>
              {w.name}
            </Anchor>
          </Title>
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 5 }} spacing="xs">
            {phases.map((phase) => (
              <Paper
                key={phase}
                withBorder
                p="sm"
                radius="md"
                component={Link}
                to={`/workflows/${w.slug}`}
                search={() => ({ phase }) as never}
                aria-label={`${w.name}: ${t(`deals.phases.${phase}`)} ${w.phases[phase] ?? 0}`}
                data-phase={phase}
                style={{ textDecoration: 'none', color: 'inherit' }}
              >
                <Text size="xl" fw={700} data-testid="phase-count">
                  {w.phases[phase] ?? 0}
                </Text>
                <Text size="sm" c="dimmed">
                  {t(`deals.phases.${phase}`)}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          <Group gap="md">
            <Anchor
              component={Link}
              to={`/workflows/${w.slug}`}
              search={() => ({ alerts: 'warning' }) as never}
              size="sm"
            >
              {t('dashboard.warnings', { count: w.alerts.warning })}
            </Anchor>
            <Anchor
              component={Link}
              to={`/workflows/${w.slug}`}
              search={() => ({ alerts: 'info' }) as never}
              size="sm"
            >
              {t('dashboard.infos', { count: w.alerts.info })}
            </Anchor>
          </Group>
        </Stack>
      ))}
    </>
  );
}
