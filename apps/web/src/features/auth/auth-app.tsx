import './strings';
import { Center, Loader, MantineProvider } from '@mantine/core';
import {
  Component,
  type ErrorInfo,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useState,
} from 'react';
import { DeferredNotifications } from '../../components/ui/deferred-notifications';
import { cssVariablesResolver, theme } from '../../components/ui/theme';
import {
  LOGIN_PATH,
  RESET_PASSWORD_PATH,
  TOAST_AUTO_CLOSE_MS,
  TOAST_HIDE_ANIMATION_MS,
} from '../../config/constants';
import { reportLater } from './api/load-auth-calls';
import type { AuthHandoff } from './auth-handoff';
import { LoginPage } from './routes/login-page';

const ResetPasswordPage = lazy(() =>
  import('./routes/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const GenericErrorDialog = lazy(() =>
  import('../../components/ui/generic-error').then((m) => ({ default: m.GenericErrorDialog })),
);

type AuthLocation = { pathname: string; search: URLSearchParams };

const readLocation = (): AuthLocation => ({
  pathname: window.location.pathname.replace(/\/+$/, '') || '/',
  search: new URLSearchParams(window.location.search),
});

/** Which page a location shows; anything but a reset link with its token is the sign-in page. */
export function authPageFor(
  location: AuthLocation,
): { page: 'login'; returnUrl: string | undefined; canonical: boolean } | { page: 'reset'; token: string } {
  const token = location.search.get('token');
  if (location.pathname === RESET_PASSWORD_PATH && token) return { page: 'reset', token };
  return {
    page: 'login',
    returnUrl: location.search.get('returnUrl') ?? undefined,
    canonical: location.pathname === LOGIN_PATH,
  };
}

/** An error no page handled: reported, then the §8 generic dialog. */
class AuthErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, _info: ErrorInfo) {
    reportLater(error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Suspense fallback={null}>
        <GenericErrorDialog />
      </Suspense>
    );
  }
}

type AuthAppProps = {
  handoff: AuthHandoff;
  /** Leaves the sign-in document (to the signed-in app after sign-in). */
  leave?: (url: string) => void;
};

/**
 * The sign-in document (auth.html): /login and /reset-password, switched in place so the reset
 * page's success toast stays up on the sign-in page. No router, no TanStack Query, no zod until
 * the first interaction: see docs/decisions/006.
 */
export function AuthApp({ handoff, leave = (url) => window.location.assign(url) }: AuthAppProps) {
  const [location, setLocation] = useState(readLocation);
  const go = useCallback((url: string, { replace = false } = {}) => {
    window.history[replace ? 'replaceState' : 'pushState'](null, '', url);
    setLocation(readLocation());
  }, []);
  useEffect(() => {
    const onPop = () => setLocation(readLocation());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const current = authPageFor(location);
  // '/reset-password' without a token (or any stray path) shows the sign-in page at /login
  const stray = current.page === 'login' && !current.canonical;
  useEffect(() => {
    if (stray) go(`${LOGIN_PATH}${location.search.size ? `?${location.search}` : ''}`, { replace: true });
  }, [stray, go, location.search]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <DeferredNotifications
        autoClose={TOAST_AUTO_CLOSE_MS}
        transitionDuration={TOAST_HIDE_ANIMATION_MS}
        position="top-right"
        zIndex={1000}
      />
      <AuthErrorBoundary>
        {current.page === 'reset' ? (
          <Suspense
            fallback={
              <Center mih="100dvh">
                <Loader role="progressbar" aria-label="…" />
              </Center>
            }
          >
            <ResetPasswordPage token={current.token} onDone={() => go(LOGIN_PATH)} />
          </Suspense>
        ) : (
          <LoginPage returnUrl={current.returnUrl} handoff={handoff} goTo={leave} />
        )}
      </AuthErrorBoundary>
    </MantineProvider>
  );
}
