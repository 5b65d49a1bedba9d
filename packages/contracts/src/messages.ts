/** Texts the spec fixes letter for letter; the server and the web app both use these. */
export const messages = {
  loginFailed: 'Login failed. Please check your username and password and try again.',
  loginOtherError: 'An error occurred while logging in. Please try again or contact support.',
  usernameRequired: 'Please enter your username',
  passwordRequired: 'Please enter your password',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  newPasswordRequired: 'Please enter a new password',
  passwordTooShort: 'Password must be at least 8 characters long',
  confirmPasswordRequired: 'Please confirm your new password',
  passwordsDoNotMatch: 'Passwords do not match',
  resetFailedTitle: 'Failed to reset password',
  resetFailed:
    'We were unable to reset your password, the link may have expired. Please try again or request a new link via the forgot password form.',
  resetSuccessTitle: 'Success',
  resetSuccess: 'Your password has been reset successfully.',
  resetEmailSentTitle: 'Password reset email sent',
  resetEmailSent: 'Please check your inbox and follow the instructions to reset your password.',
  forgotFailed: 'Failed to send password reset email. Please check your address and try again.',
  sessionExpired: 'Your session has expired, please log in again.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  unauthenticated: 'You are not signed in.',
  csrfMismatch: 'Your session token is missing or has expired. Please reload the page and try again.',
  notFound: 'Not found',
  serverError: 'The server is experiencing issues, please try again later or contact technical support.',
} as const;

export const MIN_PASSWORD_LENGTH = 8;
