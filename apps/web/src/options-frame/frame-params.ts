/**
 * The frame's address: /product-options/{lineId}?orderId=&windowId=&parentOrigin= (built by
 * optionsFrameUrl in lib/options-frame-protocol.ts), and the origins it may talk to.
 */

export type LineAddress = { lineId: number; orderId: number; windowId: number };

const ID = /^[1-9]\d{0,14}$/;
const LINE_PATH = /^\/product-options\/(\d+)\/?$/;

const id = (text: string | null | undefined) => (text && ID.test(text) ? Number(text) : undefined);

/** The line the address names, or undefined when any of its three ids is missing or not an id. */
export function readLineAddress(location: { pathname: string; search: string }): LineAddress | undefined {
  const q = new URLSearchParams(location.search);
  const lineId = id(LINE_PATH.exec(location.pathname)?.[1]);
  const orderId = id(q.get('orderId'));
  const windowId = id(q.get('windowId'));
  return lineId && orderId && windowId ? { lineId, orderId, windowId } : undefined;
}

/** An origin exactly as `location.origin` writes it ("https://app.example:8443"), else undefined. */
export function asOrigin(text: string | null | undefined): string | undefined {
  if (!text) return undefined;
  try {
    const url = new URL(text);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return url.origin === text ? text : undefined;
  } catch {
    return undefined;
  }
}

/** The parent's origin the address names (`parentOrigin`), if it is an origin. */
export function readParentOrigin(location: { search: string }): string | undefined {
  return asOrigin(new URLSearchParams(location.search).get('parentOrigin'));
}

/**
 * The origins the frame trusts as its parent: its own, and the app's when the runtime settings
 * block names it (`appOrigin`, written by the server when the frame is served from its own host,
 * OPTIONS_FRAME_BASE).
 */
export function trustedParentOrigins(ownOrigin: string, settings: unknown): string[] {
  const origins = [ownOrigin];
  const app =
    typeof settings === 'object' && settings !== null
      ? (settings as { appOrigin?: unknown }).appOrigin
      : undefined;
  if (typeof app === 'string') {
    try {
      const origin = new URL(app).origin;
      if (origin !== 'null' && !origins.includes(origin)) origins.push(origin);
    } catch {
      // not a URL: trust only our own origin
    }
  }
  return origins;
}
