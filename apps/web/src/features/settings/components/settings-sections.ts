import type { MeResponse } from '@slat/contracts';

export const SETTINGS_SECTIONS = [
  'general',
  'orders',
  'quotes',
  'suppliers',
  'bundles',
  'integrations',
  'workflows',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** Quotes needs the sales module; Workflows needs main_admin_access (foundation §2, §6). */
export function canSeeSettingsSection(section: SettingsSection, session: MeResponse | undefined): boolean {
  if (section === 'quotes') return session?.modules['dealer_portal.sales'] === true;
  if (section === 'workflows') return session?.user.main_admin_access === true;
  return true;
}

export const sectionTitleKey = {
  general: 'pages.settingsGeneral',
  orders: 'pages.settingsOrders',
  quotes: 'pages.settingsQuotes',
  suppliers: 'pages.settingsSuppliers',
  bundles: 'pages.settingsBundles',
  integrations: 'pages.settingsIntegrations',
  workflows: 'pages.settingsWorkflows',
} as const satisfies Record<SettingsSection, string>;
