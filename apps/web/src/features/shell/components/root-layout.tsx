import { Center, Loader } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesGuard } from '../../../components/form/unsaved-changes-guard';
import { ConfirmHost } from '../../../components/ui/confirm-host';
import { DeferredNotifications } from '../../../components/ui/deferred-notifications';
import { reportError } from '../../../lib/monitoring';

/**
 * Notifications live inside the router so a toast can hold a Link; so do the confirm dialog and
 * the unsaved-changes guard (decision 012).
 */
export function RootLayout() {
  return (
    <>
      <DeferredNotifications />
      <ConfirmHost />
      <UnsavedChangesGuard />
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
