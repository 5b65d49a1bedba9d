import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '../icons';

const kinds = {
  error: { color: 'red', Icon: IconCircleX },
  warning: { color: 'orange', Icon: IconAlertTriangle },
  success: { color: 'teal', Icon: IconCircleCheck },
  info: { color: 'blue', Icon: IconInfoCircle },
} as const;

type StatusAlertProps = Omit<AlertProps, 'color' | 'icon' | 'variant'> & { kind: keyof typeof kinds };

/** An alert whose text keeps full contrast (Mantine's light variant colours the text too). */
export function StatusAlert({ kind, ...props }: StatusAlertProps) {
  const { color, Icon } = kinds[kind];
  return (
    <Alert
      role={kind === 'error' || kind === 'warning' ? 'alert' : 'status'}
      color={color}
      variant="light"
      icon={<Icon aria-hidden size={20} />}
      styles={{
        title: { color: 'var(--mantine-color-text)' },
        message: { color: 'var(--mantine-color-text)' },
      }}
      {...props}
    />
  );
}
