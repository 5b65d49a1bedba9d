import { ScrollArea, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { IconAlertTriangle } from '../../../components/icons';
import { NavLinkLink } from '../../../components/ui/router-links';
import { useFeatureFlag } from '../../../lib/feature-flags';
import { useSession } from '../../../lib/session/session-query';
import { workflowsQueryOptions } from '../../workflows';
import { buildNav, isNavItemActive, type NavItem } from './nav-model';

export function MainNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const pathname = useLocation({ select: (l) => l.pathname });
  const personnelFlag = useFeatureFlag('Personnel');
  const sales = session?.modules['dealer_portal.sales'] ?? false;
  const workflows = useQuery({ ...workflowsQueryOptions, enabled: sales }).data ?? [];
  const sections = buildNav({
    sales,
    personnelFlag,
    workflows,
    addressMissing: !session?.company.address?.trim(),
  });
  const label = (item: NavItem) => ('key' in item.label ? t(item.label.key) : item.label.text);

  const renderItem = (item: NavItem) => {
    const active = isNavItemActive(item, pathname);
    return (
      <NavLinkLink
        key={item.key}
        {...('params' in item ? { to: item.to, params: item.params } : { to: item.to })}
        label={label(item)}
        active={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        rightSection={
          item.warning ? (
            <IconAlertTriangle
              size={18}
              color="var(--mantine-color-orange-8)"
              role="img"
              aria-label={t('shell.addressMissing')}
            />
          ) : undefined
        }
        styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
      />
    );
  };

  const top = sections.filter((s) => s.key !== 'bottom');
  const bottom = sections.filter((s) => s.key === 'bottom');
  return (
    <Stack component="nav" aria-label={t('nav.main')} gap={0} h="100%" justify="space-between">
      <ScrollArea type="auto" style={{ flex: 1 }}>
        <Stack gap="md" p="sm">
          {top.map((section) => (
            <Stack key={section.key} gap={2}>
              {section.title && (
                <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pb={4}>
                  {t(section.title)}
                </Text>
              )}
              {section.items.map(renderItem)}
            </Stack>
          ))}
        </Stack>
      </ScrollArea>
      <Stack gap={2} p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        {bottom.flatMap((s) => s.items).map(renderItem)}
      </Stack>
    </Stack>
  );
}
