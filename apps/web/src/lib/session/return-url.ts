/** Only same-app paths: never another origin, never back to the sign-in page itself. */
export function safeReturnUrl(value: unknown): string {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  ) {
    return '/dashboard';
  }
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/login/')) return '/dashboard';
  return value;
}
