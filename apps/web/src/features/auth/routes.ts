import { createRoute, type ParsedLocation, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from '../shell';

/**
 * The sign-in and reset pages are their own small document (auth.html, src/auth-main.tsx) so
 * the first page a visitor sees loads fast; reaching them from the SPA is a full page load.
 */
const spaDocumentPath = typeof window === 'undefined' ? '' : window.location.pathname;
const toAuthDocument = ({ location }: { location: ParsedLocation }) => {
  // this SPA document was itself served for a sign-in path: reloading it would loop
  if (location.pathname === spaDocumentPath)
    throw new Error(`${location.pathname} is served without auth.html`);
  throw redirect({ href: location.href, reloadDocument: true });
};

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  /** Where to go once signed in (the page that sent the visitor here). */
  validateSearch: z.object({ returnUrl: z.string().optional().catch(undefined) }),
  beforeLoad: toAuthDocument,
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reset-password',
  beforeLoad: toAuthDocument,
});

export const authRoutes = [loginRoute, resetPasswordRoute];
