import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of an outgoing webhook (Slat-Signature, Stripe's scheme): hex HMAC-SHA256 under
 * the subscription's secret of `${timestamp}.${body}`, sent as `v1=<hex>`. Node only: imported
 * as `@slat/domain/webhook-signature` by the server and by receivers (tests, the browser suite),
 * never by the web app.
 */
export function signWebhookPayload(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * Whether `header` (Slat-Signature) signs `body` at `timestamp` (Slat-Webhook-Timestamp) under
 * `secret`, and the timestamp is within `toleranceSeconds` of now (a replayed old event fails).
 * The header may carry several `v1=` values (a receiver accepts any); comparison is constant-time.
 */
export function verifyWebhookSignature(
  secret: string,
  timestamp: string | number,
  body: string,
  header: string,
  toleranceSeconds = 300,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const ts =
    typeof timestamp === 'number' ? timestamp : /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : NaN;
  if (!Number.isSafeInteger(ts) || Math.abs(nowSeconds - ts) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhookPayload(secret, ts, body));
  return header
    .split(',')
    .map((part) => Buffer.from(part.trim()))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
}
