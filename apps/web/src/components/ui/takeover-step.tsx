import { type ReactNode, Suspense } from 'react';

/**
 * A part of a server-rendered page that the browser takes over in a step of its own (a Suspense
 * boundary: React hydrates each separately and lets the phone breathe between them, decision 039).
 * Nothing changes for a page the browser renders itself: nothing inside suspends but lazy code,
 * which then shows this part alone as empty while it loads, not the whole page as loading.
 */
export function TakeoverStep({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
