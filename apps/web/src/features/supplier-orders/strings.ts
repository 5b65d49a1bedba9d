import { supplierOrderMessages as m } from '@slat/contracts';
import '../../lib/i18n/locales/en-lists';
import { addStrings } from '../../lib/i18n/i18n';

/** English for the supplier order pages, the order's supplier-order panels and the live updates. */
const supplierOrdersEn = {
  pages: {
    supplierOrder: 'Supplier order',
  },
  supplierOrders: {
    title: 'Supplier order — {{supplier}}',
    panels: 'Supplier orders',
    view: 'View supplier order',
    viewOf: 'View supplier order of {{supplier}}',
    loading: 'Loading the supplier order…',
    loadFailed: 'The supplier order could not be loaded.',
    panelsFailed: 'The supplier orders could not be loaded.',
    retry: 'Retry',
    details: 'Details',
    history: 'History',
    status: 'Status',
    acknowledgement: 'Acknowledgement',
    acknowledgedAt: 'Answered {{date}}',
    rejectionReason: 'Reason for rejecting',
    lineChanges: 'Changes to lines',
    lineChange: 'Line {{line}}',
    changedQuantity: 'Quantity {{quantity}}',
    changedSize: 'Size {{size}}',
    changedDate: 'Date {{date}}',
    reference: 'Reference',
    eta: 'ETA',
    requiredDate: 'Required date',
    freight: 'Freight',
    tracking: 'Tracking',
    trackingLink: 'Track the shipment',
    shippingMethod: 'Shipping method',
    shippingAddress: 'Shipping address',
    shippingInstructions: 'Shipping instructions',
    notes: 'Notes',
    orderStatus: 'Order status',
    lines: 'Lines',
    noLines: 'No lines',
    quantity: 'Qty {{count}}',
    size: '{{width}} × {{height}}',
    none: '—',
    notGiven: 'Not given yet',
    offline: 'Entered by hand',
    acknowledgements: {
      NONE: 'Not acknowledged yet',
      RECEIVED: 'Received',
      ACCEPTED: 'Accepted',
      ACCEPTED_WITH_CHANGES: 'Accepted with changes',
      REJECTED: 'Rejected',
    },
    acknowledgementMeanings: {
      NONE: 'The supplier has not answered the order yet.',
      RECEIVED: 'The supplier has the order and has not accepted it yet.',
      ACCEPTED: 'The supplier will make the order as sent.',
      ACCEPTED_WITH_CHANGES: 'The supplier will make the order with the changes below.',
      REJECTED: 'The supplier will not make the order.',
    },
    coreStatuses: {
      UNSTARTED: 'Unstarted',
      IN_PROGRESS: 'In progress',
      ON_HOLD: 'On hold',
      COMPLETED: 'Completed',
      CANCELLED: 'Cancelled',
    },
    // history
    historyEmpty: m.historyEmpty,
    historyFailed: 'The history could not be loaded.',
    historyEnd: 'History paging, end of the list',
    historyEntry: '{{who}}, {{when}}',
    emptyValue: '(none)',
    change: '{{label}}: {{old}} → {{new}}',
    // the supplier's page link
    link: "Supplier's page link",
    linkNone: 'The link is revoked. Make a new link to send the supplier.',
    linkNotYet: 'No link has been made yet. Make one to send the supplier.',
    linkFailed: 'The link could not be loaded.',
    linkCreated: 'Made {{date}}',
    copy: 'Copy',
    copied: 'Link copied',
    copyFailed: 'The link could not be copied',
    revoke: 'Revoke',
    revokeTitle: 'Revoke the link?',
    revokeConfirm:
      'The supplier’s page stops answering at this address at once. You can make a new link later.',
    revokeYes: 'Revoke link',
    revoked: 'Link revoked',
    renew: 'Make a new link',
    renewed: 'New link made',
    renewedMessage: 'The old address no longer answers.',
    linkActionFailed: 'The link could not be changed',
    // the manual editor
    editTitle: 'Supplier order (manual) — {{supplier}}',
    save: 'Save',
    saved: 'Supplier order saved',
    saveFailed: 'The supplier order could not be saved',
    noShippingMethod: 'None',
    freightInvalid: 'Freight must be a number of at least 0',
    freightTooLarge: 'Freight must be at most 1000000',
    dateInvalid: 'Invalid date',
    close: 'Close',
    notFoundToast: m.notFound,
  },
};

declare module '../../lib/i18n/i18n' {
  interface FeatureStrings {
    'supplier-orders': typeof supplierOrdersEn;
  }
}

/** Polish for what the dealer reads most; the rest falls back to English. */
const supplierOrdersPl = {
  pages: { supplierOrder: 'Zamówienie u dostawcy' },
  supplierOrders: {
    title: 'Zamówienie u dostawcy — {{supplier}}',
    panels: 'Zamówienia u dostawców',
    view: 'Pokaż zamówienie u dostawcy',
    details: 'Szczegóły',
    history: 'Historia',
    status: 'Status',
    acknowledgement: 'Potwierdzenie',
    reference: 'Numer referencyjny',
    eta: 'Przewidywana dostawa',
    requiredDate: 'Wymagana data',
    freight: 'Fracht',
    tracking: 'Śledzenie przesyłki',
    shippingMethod: 'Sposób wysyłki',
    shippingAddress: 'Adres wysyłki',
    shippingInstructions: 'Instrukcje wysyłki',
    notes: 'Uwagi',
    orderStatus: 'Status zamówienia',
    lines: 'Pozycje',
    save: 'Zapisz',
    acknowledgements: {
      NONE: 'Jeszcze niepotwierdzone',
      RECEIVED: 'Otrzymane',
      ACCEPTED: 'Przyjęte',
      ACCEPTED_WITH_CHANGES: 'Przyjęte ze zmianami',
      REJECTED: 'Odrzucone',
    },
    coreStatuses: {
      UNSTARTED: 'Nierozpoczęte',
      IN_PROGRESS: 'W realizacji',
      ON_HOLD: 'Wstrzymane',
      COMPLETED: 'Zakończone',
      CANCELLED: 'Anulowane',
    },
  },
};

addStrings({ en: supplierOrdersEn, pl: supplierOrdersPl });
