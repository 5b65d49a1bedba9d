import type { MeResponse } from '@slat/contracts';
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { searchText } from '../../lib/search-params';
import { signedInRoute } from '../shell';

const toGeneralSettings = () => {
  throw redirect({ to: '/settings/general' });
};

const settingsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'settings',
  component: lazyRouteComponent(() => import('./routes/settings-layout'), 'SettingsLayout'),
});

const settingsIndexRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: '/',
  beforeLoad: toGeneralSettings,
});

/** An unknown section goes to General. */
const settingsUnknownRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: '$',
  beforeLoad: toGeneralSettings,
});

/** Each settings page is its own chunk, loaded when it is opened. */
const settingsPage = <TPath extends string, TName extends string>(
  path: TPath,
  load: () => Promise<Record<TName, () => ReactNode>>,
  exportName: TName,
  beforeLoad?: (ctx: { context: { profile: MeResponse } }) => void,
) =>
  createRoute({
    getParentRoute: () => settingsRoute,
    path,
    beforeLoad,
    component: lazyRouteComponent(load, exportName),
  });

const settingsPages = [
  settingsIndexRoute,
  settingsPage('general', () => import('./routes/general-settings-page'), 'GeneralSettingsPage'),
  settingsPage('orders', () => import('./routes/order-settings-page'), 'OrderSettingsPage'),
  settingsPage(
    'quotes',
    () => import('./routes/quote-settings-page'),
    'QuoteSettingsPage',
    ({ context }) => {
      if (!context.profile.modules['dealer_portal.sales']) toGeneralSettings();
    },
  ),
  settingsPage('suppliers', () => import('./routes/supplier-settings-page'), 'SupplierSettingsPage'),
  settingsPage('bundles', () => import('./routes/bundle-settings-page'), 'BundleSettingsPage'),
  settingsPage('integrations', () => import('./routes/integration-settings-page'), 'IntegrationSettingsPage'),
  settingsPage(
    'workflows',
    () => import('./routes/workflow-settings-page'),
    'WorkflowSettingsPage',
    ({ context }) => {
      if (!context.profile.user.main_admin_access) toGeneralSettings();
    },
  ),
  settingsUnknownRoute,
];

/** Where a calendar service sends the dealer back after linking (or failing to link) an account. */
const accountLinkCallbackRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'account/$linkService/callback',
  /** What the service reports: an `error` (or its description, or status=error) means it failed. */
  validateSearch: z.object({
    error: searchText,
    error_description: searchText,
    status: searchText,
    message: searchText,
  }),
  component: lazyRouteComponent(
    () => import('./routes/account-link-callback-page'),
    'AccountLinkCallbackPage',
  ),
});

export const settingsRoutes = [settingsRoute.addChildren(settingsPages), accountLinkCallbackRoute];
