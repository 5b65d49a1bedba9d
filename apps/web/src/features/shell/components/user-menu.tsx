import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  IconCheck,
  IconChevronDown,
  IconFileText,
  IconFlag,
  IconLanguage,
  IconLogout,
  IconShieldLock,
} from '../../../components/icons';
import { analyticsEnabled } from '../../../lib/feature-flags';
import { currentLanguage, LANGUAGES, setLanguage } from '../../../lib/i18n/i18n';
import { useSession } from '../../../lib/session/session-query';
import { signOut } from '../../../lib/session/sign-out';

export function initials(first: string, last: string): string {
  return `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase() || '?';
}

export function UserMenu({ onOpenFlags, compact }: { onOpenFlags: () => void; compact: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  if (!session) return null;
  const { first_name: first, last_name: last } = session.user;
  const fullName = `${first} ${last}`.trim();
  const language = currentLanguage();
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        {/* named by its content: the name it shows, then the hidden words "User menu" */}
        <UnstyledButton p={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Group gap={8} wrap="nowrap">
            <Avatar color="slat" radius="xl" size={32} aria-hidden>
              {initials(first, last)}
            </Avatar>
            {!compact && (
              <Text size="sm" fw={500} lineClamp={1}>
                {fullName}
              </Text>
            )}
            <VisuallyHidden>{t('shell.userMenu')}</VisuallyHidden>
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('shell.signedInAs')}</Menu.Label>
        <Text size="sm" fw={600} px="sm" pb="xs">
          {fullName}
        </Text>
        <Menu.Divider />
        <Menu.Item component={Link} to="/terms" leftSection={<IconFileText size={16} aria-hidden />}>
          {t('shell.terms')}
        </Menu.Item>
        <Menu.Item component={Link} to="/privacy" leftSection={<IconShieldLock size={16} aria-hidden />}>
          {t('shell.privacy')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>
          <Group gap={6}>
            <IconLanguage size={14} aria-hidden />
            {t('language.label')}
          </Group>
        </Menu.Label>
        {LANGUAGES.map((code) => (
          <Menu.Item
            key={code}
            lang={code}
            onClick={() => void setLanguage(code)}
            rightSection={code === language ? <IconCheck size={16} aria-hidden /> : undefined}
            aria-current={code === language ? 'true' : undefined}
          >
            {t(`language.${code}`)}
          </Menu.Item>
        ))}
        {!analyticsEnabled() && (
          <>
            <Menu.Divider />
            <Menu.Item leftSection={<IconFlag size={16} aria-hidden />} onClick={onOpenFlags}>
              {t('shell.featureFlags')}
            </Menu.Item>
          </>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => signOut()}>
          {t('shell.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
