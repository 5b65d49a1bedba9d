import '../strings';
import { NativeSelect, Stack, Title } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { IconAlertTriangle } from '../../../components/icons';
import { NavLinkLink } from '../../../components/ui/router-links';
import { useSession } from '../../../lib/session/session-query';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { canSeeSettingsSection, SETTINGS_SECTIONS, sectionTitleKey } from '../components/settings-sections';

/** Settings: a side list of sections, a dropdown on small screens. */
export function SettingsLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const breakpoint = useBreakpoint();
  const pathname = useLocation({ select: (l) => l.pathname });
  const sections = SETTINGS_SECTIONS.filter((s) => canSeeSettingsSection(s, session));
  const current = sections.find((s) => pathname.startsWith(`/settings/${s}`)) ?? 'general';
  const addressMissing = session ? !session.company.address?.trim() : false;
  const small = breakpoint === 'verySmall' || breakpoint === 'small';
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('pages.settings')}
      </Title>
      {small ? (
        <NativeSelect
          label={t('pages.settingsSection')}
          value={current}
          data={sections.map((s) => ({ value: s, label: t(sectionTitleKey[s]) }))}
          onChange={(event) => {
            const section = sections.find((s) => s === event.currentTarget.value);
            if (section) void navigate({ to: `/settings/${section}` });
          }}
        />
      ) : null}
      <div style={{ display: 'flex', gap: 'var(--mantine-spacing-lg)', alignItems: 'flex-start' }}>
        {!small && (
          <Stack component="nav" aria-label={t('pages.settings')} gap={2} w={200} style={{ flexShrink: 0 }}>
            {sections.map((s) => (
              <NavLinkLink
                key={s}
                to={`/settings/${s}`}
                label={t(sectionTitleKey[s])}
                active={s === current}
                aria-current={s === current ? 'page' : undefined}
                rightSection={
                  s === 'general' && addressMissing ? (
                    <IconAlertTriangle
                      size={16}
                      color="var(--mantine-color-orange-8)"
                      role="img"
                      aria-label={t('shell.addressMissing')}
                    />
                  ) : undefined
                }
                styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
              />
            ))}
          </Stack>
        )}
        <div style={{ flex: 1, minWidth: 0 }}>
          <Outlet />
        </div>
      </div>
    </Stack>
  );
}
