/**
 * The options frame's words. The frame is a small document of its own (no i18next, no contracts
 * index: that pulls zod), so the spec messages it shows are copied here; strings.test.ts asserts
 * they equal the contracts' (packages/contracts/src/quotes/line-errors.ts), so they cannot drift.
 * The §8 line messages are the spec's English, letter for letter, in both languages.
 */

/** §8: the four line error codes and their messages (lineErrorMessages). */
export const lineErrorMessages = {
  INVALID_OPTIONS: 'Invalid options selected.',
  OPTIONS_NOT_SELECTED: 'Options not selected yet.',
  MISSING_REQUIRED_OPTIONS: 'Missing required options.',
  BAD_SIZE: 'Specified width/height is not allowed.',
} as const;

export type LineErrorCode = keyof typeof lineErrorMessages;

/** quoteMessages.finishProduct: what the product screen says for OPTIONS_NOT_SELECTED. */
export const finishProductMessage = 'Specify options to finish setting up this product';

/** The text the frame shows for a line error: OPTIONS_NOT_SELECTED asks to finish the product. */
export function lineErrorText(error: { code: string; message: string }): string {
  if (error.code === 'OPTIONS_NOT_SELECTED') return finishProductMessage;
  return error.code in lineErrorMessages ? lineErrorMessages[error.code as LineErrorCode] : error.message;
}

const en = {
  title: 'Product options',
  loading: 'Loading the options…',
  required: 'Required',
  optional: 'Optional',
  none: 'None',
  quantity: 'Quantity',
  width: 'Width',
  height: 'Height',
  size: 'Size',
  cost: 'Cost price',
  sell: 'Sell price',
  noPrice: 'No price',
  priceEach: 'each',
  fabricWidth: 'Width',
  fabricRepeat: 'Repeat',
  notWith: (name: string) => `Not available with ${name}`,
  problems: 'This product has problems',
  readOnly: 'These options cannot be changed: the quote or order is read-only.',
  saving: 'Saving…',
  saved: 'Saved',
  done: 'Done',
  retry: 'Try again',
  noGroups: 'This product has no options to choose.',
  loadFailedHeading: 'Could not load the options',
  saveFailedHeading: 'Could not save the options',
  sessionExpired: 'Your session has expired. Sign in again to change the options.',
  unreachable: 'Could not reach the server. Check the connection and try again.',
  unreadable: 'The server sent an answer the options frame cannot read.',
  failedStatus: (status: number) => `The server answered with status ${status}.`,
  untrustedParent: 'The product options cannot be shown here: this page is not allowed to embed them.',
  badAddress: 'The product options cannot be shown: the address does not name a product.',
};

export type FrameStrings = typeof en;

const pl: FrameStrings = {
  title: 'Opcje produktu',
  loading: 'Wczytywanie opcji…',
  required: 'Wymagane',
  optional: 'Opcjonalne',
  none: 'Brak',
  quantity: 'Ilość',
  width: 'Szerokość',
  height: 'Wysokość',
  size: 'Wymiary',
  cost: 'Cena zakupu',
  sell: 'Cena sprzedaży',
  noPrice: 'Brak ceny',
  priceEach: 'szt.',
  fabricWidth: 'Szerokość',
  fabricRepeat: 'Raport',
  notWith: (name: string) => `Niedostępne z: ${name}`,
  problems: 'Ten produkt ma błędy',
  readOnly: 'Tych opcji nie można zmienić: oferta lub zamówienie jest tylko do odczytu.',
  saving: 'Zapisywanie…',
  saved: 'Zapisano',
  done: 'Gotowe',
  retry: 'Spróbuj ponownie',
  noGroups: 'Ten produkt nie ma opcji do wyboru.',
  loadFailedHeading: 'Nie udało się wczytać opcji',
  saveFailedHeading: 'Nie udało się zapisać opcji',
  sessionExpired: 'Sesja wygasła. Zaloguj się ponownie, aby zmienić opcje.',
  unreachable: 'Brak połączenia z serwerem. Sprawdź połączenie i spróbuj ponownie.',
  unreadable: 'Serwer przysłał odpowiedź, której ramka opcji nie potrafi odczytać.',
  failedStatus: (status: number) => `Serwer odpowiedział kodem ${status}.`,
  untrustedParent: 'Nie można tu pokazać opcji produktu: ta strona nie może ich osadzać.',
  badAddress: 'Nie można pokazać opcji produktu: adres nie wskazuje produktu.',
};

export const frameStrings = { en, pl } as const;
export type FrameLanguage = keyof typeof frameStrings;

/** The language the SPA stored (STORAGE_KEYS.language, same origin), else English. */
export function frameLanguage(stored: string | null): FrameLanguage {
  return stored === 'pl' ? 'pl' : 'en';
}
