import { Center, Loader } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredNotifications } from '../../../components/ui/deferred-notifications';
import { TOAST_AUTO_CLOSE_MS, TOAST_HIDE_ANIMATION_MS } from '../../../config/constants';
import { reportError } from '../../../lib/monitoring';

/** Notifications live inside the router so a toast can hold a Link. */
export function RootLayout() {
  return (
    <>
      <DeferredNotifications
        autoClose={TOAST_AUTO_CLOSE_MS}
        transitionDuration={TOAST_HIDE_ANIMATION_MS}
        position="top-right"
        zIndex={1000}
      />
      <Outlet />
    </>
  );
}

/** Shown after PROGRESS_BAR_DELAY_MS while a page's code or data loads. */
export function PagePending() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-label={t('app.loading')}>
      <Loader size="sm" />
    </Center>
  );
}

// The dialog (Modal) stays out of the entry chunk: it is only needed once something failed.
const GenericErrorDialog = lazy(() =>
  import('../../../components/ui/generic-error').then((m) => ({ default: m.GenericErrorDialog })),
);

/** An error no page handled: reported, then the §8 generic dialog. */
export function RootErrorPage({ error }: { error: unknown }) {
  useEffect(() => reportError(error), [error]);
  return (
    <Suspense fallback={null}>
      <GenericErrorDialog />
    </Suspense>
  );
}
