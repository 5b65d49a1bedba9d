import { Group, Text } from '@mantine/core';

/** The product wordmark (login, header). */
export function SlatLogo({ size = 'xl' }: { size?: 'md' | 'xl' }) {
  return (
    <Group gap={8} wrap="nowrap" aria-hidden>
      <svg
        width={size === 'xl' ? 32 : 24}
        height={size === 'xl' ? 32 : 24}
        viewBox="0 0 32 32"
        role="presentation"
      >
        <rect width="32" height="32" rx="7" fill="var(--mantine-color-slat-7)" />
        <rect x="7" y="8" width="18" height="3" rx="1.5" fill="#fff" />
        <rect x="7" y="14.5" width="18" height="3" rx="1.5" fill="#fff" />
        <rect x="7" y="21" width="18" height="3" rx="1.5" fill="#fff" />
      </svg>
      <Text fw={800} size={size} c="slat.8">
        Slat
      </Text>
    </Group>
  );
}
