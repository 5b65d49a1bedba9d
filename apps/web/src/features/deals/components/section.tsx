import { Group, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** One section of the deal modal: a heading, its actions and the content. */
export function Section({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Stack component="section" aria-labelledby={id} gap="xs">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5" id={id}>
          {title}
        </Title>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {children}
    </Stack>
  );
}
