import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

export function notifyError(title: string, message: ReactNode): void {
  notifications.show({ title, message, color: 'red' });
}

export function notifySuccess(title: string, message: ReactNode): void {
  notifications.show({ title, message, color: 'teal' });
}

export function notifyWarning(title: string, message: ReactNode): void {
  notifications.show({ title, message, color: 'orange' });
}
