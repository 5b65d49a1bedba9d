import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signWebhookPayload, verifyWebhookSignature } from './webhook-signature';

const NOW = 1_800_000_000;

describe('webhook signatures', () => {
  it('verifies what was signed, within the tolerance, under the same secret', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.string(),
        fc.integer({ min: -300, max: 300 }),
        (secret, body, skew) => {
          const ts = NOW + skew;
          expect(
            verifyWebhookSignature(secret, String(ts), body, signWebhookPayload(secret, ts, body), 300, NOW),
          ).toBe(true);
        },
      ),
    );
  });

  it('refuses a changed body, another secret, or another timestamp', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.string(),
        fc.string({ minLength: 1, maxLength: 1 }),
        (secret, body, extra) => {
          const header = signWebhookPayload(secret, NOW, body);
          expect(verifyWebhookSignature(secret, NOW, body + extra, header, 300, NOW)).toBe(false);
          expect(verifyWebhookSignature(`${secret}x`, NOW, body, header, 300, NOW)).toBe(false);
          expect(verifyWebhookSignature(secret, NOW - 1, body, header, 300, NOW)).toBe(false);
        },
      ),
    );
  });

  it('refuses a replay older than the tolerance and a timestamp that is not whole seconds', () => {
    const header = signWebhookPayload('whsec_k', NOW - 301, '{}');
    expect(verifyWebhookSignature('whsec_k', NOW - 301, '{}', header, 300, NOW)).toBe(false);
    expect(verifyWebhookSignature('whsec_k', NOW - 301, '{}', header, 400, NOW)).toBe(true);
    for (const ts of ['', '1e9', ' 1800000000', '1800000000.0', '-1'])
      expect(
        verifyWebhookSignature('whsec_k', ts, '{}', signWebhookPayload('whsec_k', NOW, '{}'), 300, NOW),
      ).toBe(false);
  });

  it('reads the signature as v1=<64 hex>, accepting it among several', () => {
    const good = signWebhookPayload('whsec_k', NOW, '{"a":1}');
    expect(good).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature('whsec_k', NOW, '{"a":1}', `v1=${'0'.repeat(64)}, ${good}`, 300, NOW)).toBe(
      true,
    );
    for (const header of ['', good.slice(3), good.toUpperCase(), `v0=${good.slice(3)}`])
      expect(verifyWebhookSignature('whsec_k', NOW, '{"a":1}', header, 300, NOW)).toBe(false);
  });
});
