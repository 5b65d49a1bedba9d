import { addStrings } from '../../lib/i18n/i18n';

/** English for the quote pages. */
const quotesEn = {
  pages: {
    quote: 'Quote',
    quoteProduct: 'Quote line product',
  },
};

declare module '../../lib/i18n/i18n' {
  interface FeatureStrings {
    quotes: typeof quotesEn;
  }
}

addStrings({ en: quotesEn });
