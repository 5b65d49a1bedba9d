/**
 * The sign-in document shows itself without zod, the contracts or the API client: they load
 * with the first interaction (focus, blur, submit) through this one import.
 */
export const loadAuthCalls = () => import('./auth-calls');

export const loadCredentialsSchema = () => loadAuthCalls().then((m) => m.credentialsSchema);
export const loadForgotEmailSchema = () => loadAuthCalls().then((m) => m.forgotEmailSchema);

/** Reports an error the page handled itself (§8 'not reported' cases are filtered there). */
export function reportLater(error: unknown): void {
  void loadAuthCalls().then((m) => m.reportError(error));
}
