import { addStrings } from '../../lib/i18n/i18n';

/** English for the purchase order pages. */
const ordersEn = {
  pages: {
    orders: 'Orders',
    newOrder: 'New order',
    order: 'Order',
  },
};

declare module '../../lib/i18n/i18n' {
  interface FeatureStrings {
    orders: typeof ordersEn;
  }
}

addStrings({ en: ordersEn, pl: { pages: { orders: 'Zamówienia' } } });
