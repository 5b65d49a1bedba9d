import { type ReactNode, Suspense } from 'react';

/**
 * A part of a page with a Suspense boundary of its own: lazy code that loads inside shows this part
 * alone as empty while it loads, not the whole page as loading. (Decision 039 had React hydrate each
 * separately; the browser now renders a server-rendered page afresh, decision 041.)
 */
export function TakeoverStep({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
