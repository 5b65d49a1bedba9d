import type { Translation } from '../i18n';
import type { CommonStrings } from './en';

/**
 * Polish sample of the common strings: the shell, errors and forms (the features translate their
 * own, beside their English). Anything else falls back to English.
 */
export const pl: Translation<CommonStrings> = {
  app: {
    name: 'Slat',
    tagline: 'Wyceny, sprzedaż i zamówienia osłon okiennych na wymiar',
    loading: 'Ładowanie…',
    retry: 'Spróbuj ponownie',
  },
  messages: {
    loginFailed:
      'Logowanie nie powiodło się. Sprawdź nazwę użytkownika i hasło, a następnie spróbuj ponownie.',
    loginOtherError:
      'Podczas logowania wystąpił błąd. Spróbuj ponownie lub skontaktuj się z pomocą techniczną.',
    usernameRequired: 'Wpisz nazwę użytkownika',
    passwordRequired: 'Wpisz hasło',
    emailRequired: 'Wpisz adres e-mail',
    emailInvalid: 'Wpisz prawidłowy adres e-mail',
    newPasswordRequired: 'Wpisz nowe hasło',
    passwordTooShort: 'Hasło musi mieć co najmniej 8 znaków',
    confirmPasswordRequired: 'Potwierdź nowe hasło',
    passwordsDoNotMatch: 'Hasła nie są zgodne',
    resetFailedTitle: 'Nie udało się zresetować hasła',
    resetFailed:
      'Nie udało się zresetować hasła, link mógł wygasnąć. Spróbuj ponownie lub poproś o nowy link w formularzu przypomnienia hasła.',
    resetSuccessTitle: 'Gotowe',
    resetSuccess: 'Twoje hasło zostało zresetowane.',
    resetEmailSentTitle: 'Wysłano e-mail do resetu hasła',
    resetEmailSent: 'Sprawdź skrzynkę odbiorczą i postępuj zgodnie z instrukcjami, aby zresetować hasło.',
    forgotFailed: 'Nie udało się wysłać e-maila do resetu hasła. Sprawdź adres i spróbuj ponownie.',
    sessionExpired: 'Twoja sesja wygasła, zaloguj się ponownie.',
    tooManyAttempts: 'Zbyt wiele prób. Odczekaj minutę i spróbuj ponownie.',
    unauthenticated: 'Nie jesteś zalogowany.',
    csrfMismatch: 'Token sesji jest nieprawidłowy lub wygasł. Odśwież stronę i spróbuj ponownie.',
    notFound: 'Nie znaleziono',
    serverError: 'Serwer ma problemy, spróbuj ponownie później lub skontaktuj się z pomocą techniczną.',
  },
  language: { label: 'Język', en: 'English', pl: 'Polski' },
  nav: {
    main: 'Nawigacja główna',
    open: 'Otwórz nawigację',
    close: 'Zamknij nawigację',
    dashboard: 'Pulpit',
    deals: 'Transakcje',
    contacts: 'Kontakty',
    personnel: 'Personel',
    purchasing: 'Zakupy',
    orders: 'Zamówienia',
    documents: 'Dokumenty',
    settings: 'Ustawienia',
  },
  shell: {
    skipToContent: 'Przejdź do treści',
    userMenu: 'Menu użytkownika',
    signedInAs: 'Zalogowano jako',
    terms: 'Regulamin',
    privacy: 'Polityka prywatności',
    signOut: 'Wyloguj się',
    featureFlags: 'Flagi funkcji',
    featureFlagsHelp: 'Analityka jest wyłączona, więc flagi są czytane z pamięci lokalnej tej przeglądarki.',
    account: 'Konto',
    finishSetupTitle: 'Dokończ konfigurację konta',
    addressMissing: 'Nie ustawiono adresu firmy',
    addressHint: 'Niektóre funkcje mogą nie działać, dopóki adres nie zostanie ustawiony',
    goToCompanySettings: 'Przejdź do ustawień firmy',
    updateTitle: 'Dostępna aktualizacja',
    updateMessage: 'Wydano nową wersję Slat. Odśwież stronę, aby z niej korzystać.',
    later: 'Później',
    updateNow: 'Aktualizuj teraz',
  },
  pages: {
    comingSoon: 'Ta strona będzie dostępna wkrótce.',
  },
  errors: {
    genericTitle: 'Przepraszamy, coś poszło nie tak',
    genericMessage:
      'Serwer może być niedostępny lub mieć problemy, spróbuj ponownie później lub skontaktuj się z pomocą techniczną.',
    serverIssues: 'Serwer ma problemy, spróbuj ponownie później lub skontaktuj się z pomocą techniczną.',
    reload: 'Odśwież',
    close: 'Zamknij',
  },
  form: {
    required: 'To pole jest wymagane',
    labelRequired: 'Pole {{label}} jest wymagane',
    pattern: 'Wpisz prawidłową wartość',
    email: 'Wpisz prawidłowy adres e-mail',
    phone: 'Wpisz prawidłowy numer telefonu',
    reviewAll: 'Sprawdź wszystkie pola i spróbuj ponownie',
    togglePassword: 'Pokaż lub ukryj hasło',
    between: 'Wartość musi mieścić się między {{min}} a {{max}}',
    cancel: 'Anuluj',
    unsaved: {
      title: 'Niezapisane zmiany',
      message: 'Masz niezapisane zmiany. Jeśli wyjdziesz teraz, zmiany zostaną utracone. Czy na pewno?',
      keep: 'Kontynuuj edycję',
      discard: 'Odrzuć zmiany',
    },
    undo: 'Cofnij',
  },
  dates: { yesterday: 'Wczoraj', today: 'Dzisiaj', tomorrow: 'Jutro' },
};
