import { purchaseOrderMessages } from '@slat/contracts';
import { addStrings } from '../../lib/i18n/i18n';
import '../../lib/i18n/locales/en-lists';

/** English for the purchase order pages. */
const ordersEn = {
  pages: {
    orders: 'Orders',
    newOrder: 'New order',
    order: 'Order',
  },
  // --- orders list, new order (orders-web-list) ---
  ordersList: {
    newOrder: 'New order',
    table: 'Purchase orders',
    filters: 'Filters',
    filtersChosen: 'Filters ({{count}})',
    searchPlaceholder: 'Number, sidemark, customer',
    status: 'Status',
    anyStatus: 'Any status',
    supplier: 'Supplier',
    anySupplier: 'Any supplier',
    salesRep: 'Sales rep',
    anyRep: 'Any sales rep',
    noRep: 'None',
    date: 'Date created',
    datePresets: {
      '-7': 'Past 7 days',
      '-30': 'Past 30 days',
      '-90': 'Past 90 days',
      '-365': 'Past 12 months',
      all: 'All time',
    },
    archived: 'Show archived orders',
    clearFilters: 'Clear filters',
    empty: 'No orders found',
    emptyFiltered: 'No orders match these filters.',
    emptyHint: 'Orders you create, or convert from accepted quotes, show here.',
    columns: {
      order: 'Order',
      status: 'Status',
      supplierStatus: 'Supplier status',
      eta: 'ETA',
      supplier: 'Supplier',
      sidemark: 'Sidemark',
      salesRep: 'Sales rep',
      products: 'Products',
      total: 'Total',
      created: 'Date created',
    },
    statuses: {
      OPEN: 'Open',
      SUBMITTED: 'Submitted',
    },
    archivedPill: 'Archived',
    coreStatuses: {
      UNSTARTED: 'Unstarted',
      IN_PROGRESS: 'In progress',
      ON_HOLD: 'On hold',
      COMPLETED: 'Completed',
      CANCELLED: 'Cancelled',
    },
    openOrder: 'Order {{number}}',
    products_one: '{{count}} product',
    products_other: '{{count}} products',
    pagingEnd: 'Pages, end of list',
  },
  newOrder: {
    title: 'New order',
    supplier: 'Supplier',
    supplierRequired: 'Choose a supplier',
    sidemark: 'Sidemark',
    sidemarkHint: 'The name the supplier labels this job with',
    salesRep: 'Sales rep',
    salesRepHint: 'The rep the order is for',
    salesRepMe: 'Me ({{name}})',
    salesRepMeUnnamed: 'Me',
    customerDetails: 'Customer details',
    notes: 'Notes',
    create: 'Create',
    failedTitle: 'The order could not be created',
    suppliersFailed: 'The suppliers could not be loaded.',
  },
  // --- end orders list ---
};

declare module '../../lib/i18n/i18n' {
  interface FeatureStrings {
    orders: typeof ordersEn;
  }
}

addStrings({ en: ordersEn, pl: { pages: { orders: 'Zamówienia' } } });

// ---- The Review order modal (components/review): form → PDF preview → manual supplier order.
const orderReviewEn = {
  orderReview: {
    title: 'Review Order',
    titleManual: 'Review Order (Manual)',
    steps: 'Review steps',
    stepForm: 'Details',
    stepReview: 'Review',
    stepSupplierOrder: 'Supplier order',
    stepOf: 'Step {{number}} of {{count}}: {{name}}',
    requiredDate: 'Required date',
    requiredDateRequired: purchaseOrderMessages.requiredDateRequired,
    invalidDate: purchaseOrderMessages.invalidDate,
    earliestAllowed: 'Earliest allowed date is {{date}}',
    shippingMethod: 'Shipping method',
    shippingMethodPlaceholder: 'Choose a shipping method',
    shippingAddress: 'Shipping address',
    shippingInstructions: 'Shipping instructions',
    freightEstimate: '+ {{amount}} shipping (est)',
    freightLoading: 'Estimating shipping…',
    freightFailed: 'The shipping estimate is not available right now.',
    internalSupplier: '{{supplier}} is an internal supplier: no shipping is needed.',
    supplier: 'Supplier',
    next: 'Next',
    back: 'Back',
    cancel: 'Cancel',
    submit: 'Submit',
    markAsSubmitted: 'Mark as Submitted',
    pdfLoading: 'Preparing the purchase order PDF…',
    pdfFailed: 'The purchase order PDF could not be made',
    pdfFailedMessage: 'Something went wrong preparing the preview. Try again.',
    retry: 'Try again',
    pdfFrame: 'Purchase order #{{tuid}} PDF preview',
    pdfOpen: 'Open in a new tab',
    productsHaveErrors: purchaseOrderMessages.productsHaveErrors,
    resolveBeforeSubmitting: purchaseOrderMessages.resolveBeforeSubmitting,
    zeroQuantity: purchaseOrderMessages.zeroQuantity,
    pendingUpdates: purchaseOrderMessages.pendingUpdates,
    noGroup: '(None)',
    submitTitle: purchaseOrderMessages.submitTitle,
    submitConfirm: purchaseOrderMessages.submitConfirm,
    submitYes: purchaseOrderMessages.submitYes,
    supplierOrderIntro: 'Enter the order as {{supplier}} confirmed it to you.',
    reference: 'Reference',
    orderStatus: 'Order status',
    eta: 'ETA',
    notes: 'Notes',
    failedTitle: 'The order was not submitted',
    submittedToast: 'Order #{{tuid}} submitted',
    submittedToastMessage: 'It has been sent to {{supplier}}.',
    markedToastMessage: 'The supplier order for {{supplier}} has been recorded.',
  },
};

declare module '../../lib/i18n/i18n' {
  interface FeatureStrings {
    orderReview: typeof orderReviewEn;
  }
}

addStrings({ en: orderReviewEn });
