import { addStrings } from '../../lib/i18n/i18n';

/** English for the supplier order pages. */
const supplierOrdersEn = {
  pages: {
    supplierOrder: 'Supplier order',
  },
};

declare module '../../lib/i18n/i18n' {
  interface FeatureStrings {
    'supplier-orders': typeof supplierOrdersEn;
  }
}

addStrings({ en: supplierOrdersEn });
