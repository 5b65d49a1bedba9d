import type { NotificationsProps } from '@mantine/notifications';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastsWanted } from '../../lib/notify';

const Notifications = lazy(() =>
  import('./notifications-container').then((m) => ({ default: m.Notifications })),
);

/** Mantine's toast container, loaded with the first toast (lib/notify.ts); the store keeps it meanwhile. */
export function DeferredNotifications(props: NotificationsProps) {
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get, toastsWanted.get);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}
