/**
 * The messages between a quote or order page and the product options frame
 * ({OPTIONS_FRAME_BASE}/product-options/{lineId}), §2. No imports: the frame is a small document
 * of its own and must not pull in the SPA's libraries.
 *
 * Frame → page: closeModal, didSave, error {heading, message}, openUrl {url}, sessionExpired.
 * Page → frame: refresh (the line changed outside the frame: reload it).
 * Each side posts with the other's exact origin as targetOrigin and ignores messages whose
 * `event.origin` (and `event.source`) is not the one it expects.
 */
export type FrameToPageMessage =
  | { type: 'closeModal' }
  | { type: 'didSave'; lineId: number }
  | { type: 'error'; heading: string; message: string }
  | { type: 'openUrl'; url: string }
  | { type: 'sessionExpired' };

export type PageToFrameMessage = { type: 'refresh' };

const TEXT_LIMIT = 2000;

const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= TEXT_LIMIT;

/** The message if `data` is a well-formed frame message, else undefined (anything else is ignored). */
export function readFrameMessage(data: unknown): FrameToPageMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const m = data as Record<string, unknown>;
  switch (m.type) {
    case 'closeModal':
    case 'sessionExpired':
      return { type: m.type };
    case 'didSave':
      return typeof m.lineId === 'number' && Number.isInteger(m.lineId)
        ? { type: 'didSave', lineId: m.lineId }
        : undefined;
    case 'error':
      return isText(m.heading) && isText(m.message)
        ? { type: 'error', heading: m.heading, message: m.message }
        : undefined;
    case 'openUrl':
      return isText(m.url) && /^https?:\/\//.test(m.url) ? { type: 'openUrl', url: m.url } : undefined;
    default:
      return undefined;
  }
}

export function readPageMessage(data: unknown): PageToFrameMessage | undefined {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'refresh'
    ? { type: 'refresh' }
    : undefined;
}

/**
 * The frame's address for a line. `parentOrigin` tells the frame where to post (it checks it
 * against the origins it trusts); orderId and windowId address the line's API calls.
 */
export function optionsFrameUrl(
  frameOrigin: string,
  line: { lineId: number; orderId: number; windowId: number },
  parentOrigin: string,
): string {
  const q = new URLSearchParams({
    orderId: String(line.orderId),
    windowId: String(line.windowId),
    parentOrigin,
  });
  return `${frameOrigin}/product-options/${line.lineId}?${q}`;
}
