import { addStrings, type Translation } from '../../lib/i18n/i18n';

/** English for the sign-in and reset pages (the sign-in document). */
export const authEn = {
  auth: {
    signInTitle: 'Sign in to Slat',
    signInSubtitle: 'Enter your username and password to continue.',
    username: 'Username',
    password: 'Password',
    signIn: 'Sign in',
    forgotPassword: 'Forgot password?',
    forgotTitle: 'Forgot password',
    forgotSubtitle:
      'Enter the email address of your account and we will send you a link to reset your password.',
    email: 'Email address',
    sendResetLink: 'Send reset link',
    backToLogin: 'Back to login',
    disclaimer:
      'By signing in you agree to the <terms>Terms and conditions</terms> and the <privacy>Privacy policy</privacy>.',
    loggingOut: 'Logging out, please wait...',
    sessionExpiredTitle: 'Session expired',
    errorTitle: 'Something went wrong',
    restoreError: 'We could not restore your session. Please sign in again.',
  },

  reset: {
    title: 'Reset your password',
    subtitle: 'Choose a new password of at least 8 characters.',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    submit: 'Reset password',
    strength: 'Password strength: {{label}}',
    strengthLabels: {
      'Very weak': 'Very weak',
      Weak: 'Weak',
      Fair: 'Fair',
      Good: 'Good',
      Strong: 'Strong',
    },
  },
};

/** Polish for the same pages; the sign-in document offers the language before signing in. */
export const authPl: Translation<typeof authEn> = {
  auth: {
    signInTitle: 'Zaloguj się do Slat',
    signInSubtitle: 'Wpisz nazwę użytkownika i hasło, aby kontynuować.',
    username: 'Nazwa użytkownika',
    password: 'Hasło',
    signIn: 'Zaloguj się',
    forgotPassword: 'Nie pamiętasz hasła?',
    forgotTitle: 'Przypomnienie hasła',
    forgotSubtitle: 'Wpisz adres e-mail swojego konta, a wyślemy link do zresetowania hasła.',
    email: 'Adres e-mail',
    sendResetLink: 'Wyślij link',
    backToLogin: 'Powrót do logowania',
    disclaimer:
      'Logując się, akceptujesz <terms>Regulamin</terms> i <privacy>Politykę prywatności</privacy>.',
    loggingOut: 'Wylogowywanie, proszę czekać...',
    sessionExpiredTitle: 'Sesja wygasła',
    errorTitle: 'Coś poszło nie tak',
    restoreError: 'Nie udało się przywrócić sesji. Zaloguj się ponownie.',
  },

  reset: {
    title: 'Zresetuj hasło',
    subtitle: 'Wybierz nowe hasło o długości co najmniej 8 znaków.',
    newPassword: 'Nowe hasło',
    confirmPassword: 'Potwierdź hasło',
    submit: 'Zresetuj hasło',
    strength: 'Siła hasła: {{label}}',
    strengthLabels: {
      'Very weak': 'Bardzo słabe',
      Weak: 'Słabe',
      Fair: 'Średnie',
      Good: 'Dobre',
      Strong: 'Silne',
    },
  },
};

declare module '../../lib/i18n/i18n' {
  interface FeatureStrings {
    auth: typeof authEn;
  }
}

addStrings({ en: authEn, pl: authPl });
