import { addStrings } from '../../lib/i18n/i18n';
import '../../lib/i18n/locales/en-lists';

/** English for the documents page; added when it loads. */
const documentsEn = {
  pages: {
    documents: 'Documents',
  },
  documents: {
    name: 'Document name',
    type: 'Type',
    supplier: 'Supplier',
    created: 'Created',
    table: 'Documents',
    searchPlaceholder: 'Document name',
    anyType: 'All types',
    anySupplier: 'All suppliers',
    empty: 'No documents found',
    opens: '{{name}} (opens in a new tab)',
  },
};

declare module '../../lib/i18n/i18n' {
  interface FeatureStrings {
    documents: typeof documentsEn;
  }
}

// the documents page imports this, so the strings arrive with its chunk
addStrings({ en: documentsEn, pl: { pages: { documents: 'Dokumenty' } } });
