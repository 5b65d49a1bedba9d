import type { NotificationData } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { i18n } from './i18n/i18n';

// Mantine's notifications (store and container) load with the first toast: pages that never
// toast, the sign-in page above all, do not carry them. DeferredNotifications mounts the container.
const loadNotifications = () => import('@mantine/notifications');

let wanted = false;
const listeners = new Set<() => void>();

/** Whether any toast was asked for yet (the container mounts from then on). */
export const toastsWanted = {
  get: (): boolean => wanted,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function showToast(data: NotificationData): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  // Mantine leaves the close button unnamed and greys a titled message at 3.3:1 on white (WCAG 2.1
  // AA: 4.1.2 and 1.4.3): name the button, and use the theme's dimmed grey, 7:1.
  const accessible: Partial<NotificationData> = {
    closeButtonProps: { 'aria-label': i18n.t('errors.close') },
    styles: { description: { color: 'var(--mantine-color-dimmed)' } },
  };
  void loadNotifications().then((m) => m.notifications.show({ ...accessible, ...data }));
}

export function hideToast(id: string): void {
  void loadNotifications().then((m) => m.notifications.hide(id));
}

export function notifyError(title: string, message: ReactNode): void {
  showToast({ title, message, color: 'red' });
}

export function notifySuccess(title: string, message: ReactNode): void {
  showToast({ title, message, color: 'teal' });
}

export function notifyWarning(title: string, message: ReactNode): void {
  showToast({ title, message, color: 'orange' });
}
