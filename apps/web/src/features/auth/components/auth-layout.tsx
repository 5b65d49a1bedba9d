import { Box, Center, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SlatLogo } from '../../../components/ui/slat-logo';
import { useBranding } from '../branding';
import { LanguageSelect } from './language-select';

/** The sign-in and reset pages: a card on the hosting domain's branding (or Slat's). */
export function AuthLayout({ children }: { children: ReactNode }) {
  const branding = useBranding();
  return (
    <Box
      component="main"
      mih="100dvh"
      py="xl"
      px="md"
      style={{ background: branding?.backgroundColor ?? 'var(--mantine-color-gray-1)' }}
    >
      <Center mih="calc(100dvh - 2 * var(--mantine-spacing-xl))">
        <Paper withBorder shadow="sm" p={{ base: 'lg', xs: 'xl' }} radius="lg" w="100%" maw={420}>
          <Stack gap="lg">
            <Center>
              {branding?.logoUrl ? (
                <Image src={branding.logoUrl} alt="" h={48} w="auto" fit="contain" />
              ) : (
                <SlatLogo />
              )}
            </Center>
            {children}
            <LanguageSelect />
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}

/** The page's heading and the line under it. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div>
      <Title order={1} size="h2" ta="center">
        {title}
      </Title>
      <Text c="dimmed" size="sm" ta="center" mt={4}>
        {subtitle}
      </Text>
    </div>
  );
}
