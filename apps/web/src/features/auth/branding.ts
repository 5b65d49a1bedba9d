import { BRANDING_ELEMENT_ID, type Branding } from '@slat/contracts';
import { useEffect, useState } from 'react';
import { readJsonBlock } from '../../lib/json-block';
import { loadAuthCalls } from './api/load-auth-calls';

const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/**
 * The branding the server wrote into the sign-in document for this host (GET /api/branding's
 * answer, saved a round trip); undefined when the page has no such block (the Vite dev server).
 */
export function readInlineBranding(doc: Document = document): Branding | undefined {
  const value = readJsonBlock(BRANDING_ELEMENT_ID, doc);
  if (typeof value !== 'object' || value === null) return undefined;
  const { logoUrl, backgroundColor } = value as Record<string, unknown>;
  return { logoUrl: textOrNull(logoUrl), backgroundColor: textOrNull(backgroundColor) };
}

/** Login branding for this hosting domain: from the page, else from GET /api/branding. */
export function useBranding(): Branding | undefined {
  const [branding, setBranding] = useState(() => readInlineBranding());
  const missing = branding === undefined;
  useEffect(() => {
    if (!missing) return;
    let live = true;
    loadAuthCalls()
      .then((calls) => calls.fetchBranding(window.location.hostname))
      .then(
        (answer) => live && setBranding(answer),
        () => undefined, // Slat's own look, as for a domain without branding
      );
    return () => {
      live = false;
    };
  }, [missing]);
  return branding;
}
