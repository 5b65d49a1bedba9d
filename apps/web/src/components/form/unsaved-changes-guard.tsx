import { type ShouldBlockFn, useBlocker } from '@tanstack/react-router';
import { mayDiscard, unsavedChanges } from '../../lib/unsaved-changes';

// Its own file: AppForm (sign-in included, which has no router) must not pull the router in.

/**
 * A route change (a link, the settings tabs, closing a deal, browser back) with unsaved changes
 * asks §2's question; changing only the search (filters) of the same page does not. Stable, so
 * the blocker is registered once.
 */
const askBeforeLeaving: ShouldBlockFn = async ({ current, next }) => {
  if (current.pathname === next.pathname) return false;
  return !(await mayDiscard());
};

const anyUnsaved = () => unsavedChanges.any();

/**
 * Mounted once inside the router (root layout): the question on every route change, and the
 * browser's own on reload, closing the tab or leaving the site (beforeunload).
 */
export function UnsavedChangesGuard() {
  useBlocker({ shouldBlockFn: askBeforeLeaving, enableBeforeUnload: anyUnsaved, withResolver: false });
  return null;
}
