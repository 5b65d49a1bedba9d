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
    orders: {
      title: 'Orders',
      period: 'Past 30 days',
      open: 'Open',
      coreStatuses: {
        UNSTARTED: 'Unstarted',
        IN_PROGRESS: 'In progress',
        ON_HOLD: 'On hold',
        COMPLETED: 'Completed',
        CANCELLED: 'Cancelled',
      },
      submittedGroup: 'Submitted orders by supplier status',
      cardLink: '{{count}} {{status}} orders',
      chartTitle: 'Orders created per day',
      chartSummary:
        '{{total}} orders created from {{from}} to {{to}} ({{open}} open, {{submitted}} submitted)',
      chartOpen: 'Open',
      chartSubmitted: 'Submitted',
      dayBar: '{{date}}: {{open}} open, {{submitted}} submitted',
      loadFailed: 'The orders summary could not be loaded.',
    },
  },
};

declare module '../../lib/i18n/i18n' {
  interface FeatureStrings {
    dashboard: typeof dashboardEn;
  }
}

addStrings({ en: dashboardEn, pl: { pages: { dashboard: 'Pulpit' } } });
