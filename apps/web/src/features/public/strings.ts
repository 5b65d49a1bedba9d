import { addStrings } from '../../lib/i18n/i18n';

/** English for the customer's pages (no sign-in). */
const publicEn = {
  pages: {
    customerQuote: 'Quote',
    checkout: 'Payment',
    checkoutReturn: 'Payment result',
  },
};

declare module '../../lib/i18n/i18n' {
  interface FeatureStrings {
    public: typeof publicEn;
  }
}

addStrings({ en: publicEn });
