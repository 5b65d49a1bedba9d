import { lineErrorMessages, quoteMessages } from '@slat/contracts';
import { addStrings } from '../../lib/i18n/i18n';

/**
 * English (and Polish) for the parts quotes and purchase orders share: the line list and the
 * supplier price changes banner. The product screen's own strings are in product-strings.ts.
 */
const orderLinesEn = {
  orderLines: {
    addProduct: 'Add product',
    noProducts: 'No products added yet',
    noneGroup: '(None)',
    emptyWindow: 'No products in this window',
    windowActions: 'Actions for window {{name}}',
    windowName: 'Window {{index}}',
    duplicateWindow: 'Duplicate window',
    renameWindow: 'Rename group',
    renameTitle: 'Rename window group',
    renameLabel: 'Group',
    renameHint: 'Slashes nest groups: Building / Room / Window. Leave empty for none.',
    deleteWindow: 'Delete window',
    deleteWindowTitle: 'Delete window',
    deleteWindowMessage: 'Delete this window of {{name}} and its {{count}} products? This cannot be undone.',
    deleteWindowConfirm: 'Delete window',
    removeEmptyWindow: 'Remove window',
    deleteEmptyWindowMessage: 'Delete the empty window {{name}}? This cannot be undone.',
    duplicated: 'Window duplicated',
    removeProduct: 'Remove {{name}}',
    removeTitle: 'Remove product',
    removeMessageQuote: 'Remove {{name}} ({{size}}) from this quote? This cannot be undone.',
    removeMessageOrder: 'Remove {{name}} ({{size}}) from this order? This cannot be undone.',
    removeConfirm: 'Remove product',
    noOptions: 'No options chosen',
    costPrice: 'Cost',
    sellPrice: 'Sell',
    sellPriceIncTax: 'Sell (inc. tax)',
    noPrice: 'No price',
    qty: 'Qty',
    save: 'Save',
    readOnlyTitle: 'Read-only',
    notFound: 'This product or its order was not found.',
    /** How a line's product is fitted on site (site_mount). */
    mount: {
      label: 'Mount',
      notSet: 'Not set',
      INSIDE: 'Inside (recess) fit',
      OUTSIDE: 'Outside (face) fit',
      notSaved: 'The product was added, but its mount was not saved. Choose it again.',
    },
    productErrors: 'Problems with {{name}}',
    errors: {
      ...lineErrorMessages,
      finishProduct: quoteMessages.finishProduct,
    },
    actions: 'Actions',
    attachments: 'Attachments',
    attachmentsNone: 'No attachments',
    attachmentsFailed: 'The attachments could not be loaded.',
    archiveDocument: 'Archive {{name}}',
    archiveDocumentMessage: 'Archive {{name}}? It can not be brought back from here.',
    // supplier price changes
    updatesTitle: 'Supplier prices changed',
    updatesMessageQuote: 'A supplier published a new catalog that changes products on this quote.',
    updatesMessageOrder: 'A supplier published a new catalog that changes products on this order.',
    updatesProducts: 'Changed: {{list}}',
    updateKinds: { pricing: 'prices', fabric: 'fabrics', rule: 'options and rules' },
    details: 'Details',
    updateNow: 'Update now',
    updateConfirmTitle: 'Update prices now',
    updateConfirmMessageQuote:
      'Every product on this quote is repriced with the supplier’s latest catalog. The old prices cannot be brought back.',
    updateConfirmMessageOrder:
      'Every product on this order is repriced with the supplier’s latest catalog. The old prices cannot be brought back.',
    updatedToast: 'Prices updated',
    updatedToastMessage: '{{count}} products repriced with the latest catalog.',
    updateFailed: 'The prices could not be updated.',
  },
};

declare module '../../lib/i18n/i18n' {
  interface FeatureStrings {
    orderLines: typeof orderLinesEn;
  }
}

addStrings({
  en: orderLinesEn,
  pl: {
    orderLines: {
      addProduct: 'Dodaj produkt',
      noneGroup: '(Brak)',
      duplicateWindow: 'Duplikuj okno',
      removeEmptyWindow: 'Usuń okno',
      costPrice: 'Koszt',
      sellPrice: 'Sprzedaż',
      sellPriceIncTax: 'Sprzedaż (z podatkiem)',
      save: 'Zapisz',
      mount: {
        label: 'Montaż',
        notSet: 'Nie wybrano',
        INSIDE: 'We wnęce',
        OUTSIDE: 'Na ramie (na zewnątrz wnęki)',
        notSaved: 'Produkt dodano, ale nie zapisano sposobu montażu. Wybierz go ponownie.',
      },
      attachments: 'Załączniki',
      updatesTitle: 'Zmiana cen dostawcy',
      details: 'Szczegóły',
      updateNow: 'Aktualizuj teraz',
      updatedToast: 'Ceny zaktualizowane',
    },
  },
});
