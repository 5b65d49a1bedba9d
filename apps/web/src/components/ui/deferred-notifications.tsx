import type { NotificationsProps } from '@mantine/notifications';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { TOAST_AUTO_CLOSE_MS, TOAST_HIDE_ANIMATION_MS } from '../../config/constants';
import { toastsWanted } from '../../lib/notify';

const Notifications = lazy(() =>
  import('./notifications-container').then((m) => ({ default: m.Notifications })),
);

/**
 * Toasts sit bottom-right, clear of the dialogs' title bars and close buttons (Mantine modals
 * open near the top), above every dialog; §9: they close after 5 s and hide in 0.5 s.
 */
const TOASTS: NotificationsProps = {
  autoClose: TOAST_AUTO_CLOSE_MS,
  transitionDuration: TOAST_HIDE_ANIMATION_MS,
  position: 'bottom-right',
  zIndex: 1000,
};

/** Mantine's toast container, loaded with the first toast (lib/notify.ts); the store keeps it meanwhile. */
export function DeferredNotifications(props: NotificationsProps) {
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get, toastsWanted.get);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...TOASTS} {...props} />
    </Suspense>
  );
}
