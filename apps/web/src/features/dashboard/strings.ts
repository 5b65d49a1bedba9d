import { addStrings } from '../../lib/i18n/i18n';

/** English for the dashboard (its phase names are the deals feature's). */
const dashboardEn = {
  pages: {
    dashboard: 'Dashboard',
  },
  dashboard: {
    deals: 'Deals',
    phaseLink: '{{count}} {{phase}}, {{workflow}}',
    alertsTitle: 'Alerts',
    warnings_one: '{{count}} deal with warnings',
    warnings_other: '{{count}} deals with warnings',
    infos_one: '{{count}} deal with info alerts',
    infos_other: '{{count}} deals with info alerts',
    noWorkflows: 'No active workflows.',
    loadFailed: 'The dashboard could not be loaded.',
    ordersSoon: 'Orders of the past 30 days arrive with the purchase orders feature.',
  },
};

declare module '../../lib/i18n/i18n' {
  interface FeatureStrings {
    dashboard: typeof dashboardEn;
  }
}

addStrings({ en: dashboardEn, pl: { pages: { dashboard: 'Pulpit' } } });
