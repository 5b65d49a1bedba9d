import { lineErrorMessages, quoteMessages } from '@slat/contracts';
import { addStrings } from '../../lib/i18n/i18n';

/**
 * English (and Polish) for the quote line product screen (§2 'Quote line product screen'). Its
 * own file beside the quotes strings.ts so the screen's strings load with it; spec texts come
 * from the contracts, letter for letter.
 */
const productScreenEn = {
  productScreen: {
    addTitle: 'Add product',
    editTitle: 'Edit product',
    breadcrumbs: 'Breadcrumbs',
    quoteCrumb: 'Quote #{{tuid}}',
    dealCrumb: 'Deal #{{tuid}} {{name}}',
    loadFailed: 'This product could not be loaded.',
    readOnly: quoteMessages.readOnly,
    // the tree
    tree: 'Products',
    search: 'Search products',
    searchPlaceholder: 'Product or brand name',
    noProducts: quoteMessages.noProducts,
    contactSupport: quoteMessages.contactSupport,
    treeFailed: 'The products could not be loaded.',
    chooseProduct: 'Choose a product',
    productRequired: 'Choose a product from the list',
    product: 'Product',
    brand: 'Brand',
    category: 'Category',
    // the form
    details: 'Size and quantity',
    unit: 'Unit',
    unitMm: 'mm',
    unitIn: 'in',
    width: 'Width',
    height: 'Height',
    fraction: 'Fraction',
    widthFraction: 'Width fraction of an inch',
    heightFraction: 'Height fraction of an inch',
    quantity: 'Quantity',
    windowName: 'Window',
    windowNameHint: 'Building/Room/Window',
    notes: 'Notes',
    save: 'Save',
    saved: 'Saved',
    savedMessage: '{{name}} saved',
    fineFractionsOff: 'This brand takes halves and quarters of an inch only',
    tooLarge: '{{label}} is at most {{max}}',
    // the summary beside the form
    summary: 'Price',
    size: 'Size',
    costPrice: 'Cost price',
    sellPrice: 'Sell price',
    sellPriceIncTax: 'Sell price (inc. tax)',
    noPrice: 'No price',
    notSavedYet: 'The price shows once the product is saved.',
    errorsTitle: 'This product has errors',
    finishProduct: quoteMessages.finishProduct,
    lineErrors: { ...lineErrorMessages },
    // the options frame
    optionsTitle: 'Product options',
    frameErrorOk: 'OK',
  },
};

const productScreenPl = {
  productScreen: {
    addTitle: 'Dodaj produkt',
    editTitle: 'Edytuj produkt',
    breadcrumbs: 'Ścieżka nawigacji',
    quoteCrumb: 'Oferta #{{tuid}}',
    dealCrumb: 'Transakcja #{{tuid}} {{name}}',
    loadFailed: 'Nie udało się wczytać produktu.',
    readOnly: 'Ta oferta jest tylko do odczytu: została zaakceptowana lub zarchiwizowana',
    tree: 'Produkty',
    search: 'Szukaj produktów',
    searchPlaceholder: 'Nazwa produktu lub marki',
    noProducts: 'Nie znaleziono produktów',
    contactSupport: 'Skontaktuj się z pomocą techniczną',
    treeFailed: 'Nie udało się wczytać produktów.',
    chooseProduct: 'Wybierz produkt',
    productRequired: 'Wybierz produkt z listy',
    product: 'Produkt',
    brand: 'Marka',
    category: 'Kategoria',
    details: 'Wymiary i ilość',
    unit: 'Jednostka',
    width: 'Szerokość',
    height: 'Wysokość',
    fraction: 'Ułamek',
    widthFraction: 'Ułamek cala szerokości',
    heightFraction: 'Ułamek cala wysokości',
    quantity: 'Ilość',
    windowName: 'Okno',
    windowNameHint: 'Budynek/Pokój/Okno',
    notes: 'Uwagi',
    save: 'Zapisz',
    saved: 'Zapisano',
    savedMessage: 'Zapisano {{name}}',
    fineFractionsOff: 'Ta marka przyjmuje tylko połówki i ćwiartki cala',
    tooLarge: '{{label}}: najwyżej {{max}}',
    summary: 'Cena',
    size: 'Wymiary',
    costPrice: 'Cena zakupu',
    sellPrice: 'Cena sprzedaży',
    sellPriceIncTax: 'Cena sprzedaży (z podatkiem)',
    noPrice: 'Brak ceny',
    notSavedYet: 'Cena pojawi się po zapisaniu produktu.',
    errorsTitle: 'Ten produkt ma błędy',
    finishProduct: 'Wybierz opcje, aby dokończyć konfigurację produktu',
    lineErrors: {
      INVALID_OPTIONS: 'Wybrano nieprawidłowe opcje.',
      OPTIONS_NOT_SELECTED: 'Nie wybrano jeszcze opcji.',
      MISSING_REQUIRED_OPTIONS: 'Brak wymaganych opcji.',
      BAD_SIZE: 'Podana szerokość/wysokość jest niedozwolona.',
    },
    optionsTitle: 'Opcje produktu',
  },
};

declare module '../../lib/i18n/i18n' {
  interface FeatureStrings {
    quoteProduct: typeof productScreenEn;
  }
}

addStrings({ en: productScreenEn, pl: productScreenPl });
