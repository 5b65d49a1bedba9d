import { AppShell, Burger, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/ui/router-links';
import { SlatLogo } from '../../../components/ui/slat-logo';
import { StatusAlert } from '../../../components/ui/status-alert';
import { hideToast, showToast } from '../../../lib/notify';
import { useSession } from '../../../lib/session/session-query';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { FeatureFlagModal } from './feature-flag-modal';
import { MainNav } from './main-nav';
import { UpdateAvailableDialog } from './update-available-dialog';
import { UserMenu } from './user-menu';

const ADDRESS_TOAST_ID = 'company-address-missing';

/** The signed-in frame: header, side navigation (a drawer under 768 px) and the page. */
export function AppShellLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const breakpoint = useBreakpoint();
  const isDrawer = breakpoint === 'verySmall' || breakpoint === 'small';
  const [drawerOpened, drawer] = useDisclosure(false);
  // the phone's navigation drawer joins the page when first opened (a closed modal costs a phone)
  const drawerShown = useOpenedOnce(drawerOpened);
  const [flagsOpened, setFlagsOpened] = useState(false);
  const addressMissing = session ? !session.company.address?.trim() : false;

  useEffect(() => {
    if (!addressMissing) return;
    showToast({
      id: ADDRESS_TOAST_ID,
      color: 'orange',
      title: t('shell.finishSetupTitle'),
      message: (
        <AnchorLink to="/settings/general" size="sm" onClick={() => hideToast(ADDRESS_TOAST_ID)}>
          {t('shell.addressMissing')}
        </AnchorLink>
      ),
    });
  }, [addressMissing, t]);

  if (!session) return null;
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: true, desktop: false } }}
      padding={{ base: 'sm', sm: 'md', md: 'lg' }}
    >
      <a href="#main-content" className="slat-skip-link">
        {t('shell.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            {isDrawer && (
              <Burger
                opened={drawerOpened}
                onClick={drawer.toggle}
                size="sm"
                aria-label={drawerOpened ? t('nav.close') : t('nav.open')}
              />
            )}
            <AnchorLink to="/dashboard" underline="never" aria-label={`Slat – ${t('nav.dashboard')}`}>
              <SlatLogo size="md" />
            </AnchorLink>
            {breakpoint !== 'verySmall' && (
              <Text size="sm" c="dimmed" lineClamp={1} title={t('shell.account')}>
                {session.company.name}
              </Text>
            )}
          </Group>
          <UserMenu compact={isDrawer} onOpenFlags={() => setFlagsOpened(true)} />
        </Group>
      </AppShell.Header>
      {!isDrawer && (
        <AppShell.Navbar>
          <MainNav />
        </AppShell.Navbar>
      )}
      {isDrawer && drawerShown && (
        <Drawer
          opened={drawerOpened}
          onClose={drawer.close}
          size={280}
          title={t('nav.main')}
          padding={0}
          styles={{
            header: { paddingInline: 'var(--mantine-spacing-md)' },
            body: { height: 'calc(100% - 60px)' },
          }}
        >
          <Stack gap={0} h="100%">
            {breakpoint === 'verySmall' && (
              <Text size="sm" c="dimmed" px="md" pb="xs">
                {session.company.name}
              </Text>
            )}
            <div style={{ flex: 1, minHeight: 0 }}>
              <MainNav onNavigate={drawer.close} />
            </div>
          </Stack>
        </Drawer>
      )}
      <AppShell.Main id="main-content" tabIndex={-1}>
        {addressMissing && (
          <StatusAlert kind="warning" mb="md">
            {t('shell.addressHint')}{' '}
            <AnchorLink to="/settings/general">{t('shell.goToCompanySettings')}</AnchorLink>
          </StatusAlert>
        )}
        <Outlet />
      </AppShell.Main>
      <UpdateAvailableDialog />
      <FeatureFlagModal opened={flagsOpened} onClose={() => setFlagsOpened(false)} />
    </AppShell>
  );
}
