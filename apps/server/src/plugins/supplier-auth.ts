import { createHash } from 'node:crypto';
import { supplierOrderMessages } from '@slat/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { AppError } from '../lib/app-error';
import { type Limit, limitAddress, type RateLimiter } from '../lib/rate-limit';

/**
 * Who a supplier credential is: a supplier's token (all its orders, every dealer) or an order
 * link (the one supplier order it was made for).
 */
export type SupplierActor = {
  kind: 'TOKEN' | 'LINK';
  manufacturerId: number;
  manufacturerName: string;
  /** The one supplier order of a link; null for a token. */
  supplierOrderId: number | null;
};

/** Every supplier token starts with this, so a credential tells token from link at a glance. */
export const SUPPLIER_TOKEN_PREFIX = 'slat_sup_';

/** Tokens are stored as their SHA-256 (hex) only. */
export const supplierTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

// A token: the prefix and base64url of 32 random bytes; a link: a public id of ≥ 128 bits.
const TOKEN_PATTERN = /^slat_sup_[A-Za-z0-9_-]{20,100}$/;
const LINK_PATTERN = /^[A-Za-z0-9_-]{22,100}$/;

export const supplierAuthMessages = {
  missing: 'This call needs a supplier credential: Authorization: Bearer <token or order link id>',
  badToken: 'This supplier token is not valid: it is unknown or was revoked',
  badCredential: 'This is neither a supplier token nor an order link',
} as const;

const unauthenticated = (message: string) => new AppError('UNAUTHENTICATED', message);

/** The bearer credential of an Authorization header, or undefined. */
export function bearerOf(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value ?? '');
  return match?.[1];
}

/**
 * Wrong supplier credentials one address may present in a minute; after that every supplier call
 * from it is refused (429) until the minute is over, so credentials cannot be guessed in bulk.
 * Only failures count, each exactly (a failure past the max answers 429); a call with a right
 * credential only reads the count, so a busy integration takes no lock; a missing one is no guess.
 */
export const SUPPLIER_CREDENTIAL_FAILURES_PER_MINUTE = 20;

const credentialLimit = (ip: string): Limit => ({
  key: `supplier-auth:ip:${limitAddress(ip)}`,
  max: SUPPLIER_CREDENTIAL_FAILURES_PER_MINUTE,
  windowSeconds: 60,
});

/** resolveSupplierCredential under the address's limit of wrong credentials (429 once it is used up). */
export async function authenticateSupplier(
  db: Db,
  rateLimiter: RateLimiter,
  ip: string,
  credential: string | undefined,
): Promise<SupplierActor> {
  if (!credential) throw unauthenticated(supplierAuthMessages.missing);
  const limit = credentialLimit(ip);
  await rateLimiter.refuseWhenFull([limit]);
  try {
    return await resolveSupplierCredential(db, credential);
  } catch (error) {
    // the failure is counted; the one past the max answers 429 instead of 401
    if (error instanceof AppError && error.code === 'UNAUTHENTICATED') await rateLimiter.take([limit]);
    throw error;
  }
}

/**
 * The supplier a credential belongs to; 401 for none, an unknown one or a revoked one. A token's
 * last use is written at most once a minute, so a busy integration does not write on every call.
 */
export async function resolveSupplierCredential(
  db: Db,
  credential: string | undefined,
): Promise<SupplierActor> {
  if (!credential) throw unauthenticated(supplierAuthMessages.missing);
  if (credential.startsWith(SUPPLIER_TOKEN_PREFIX)) {
    if (!TOKEN_PATTERN.test(credential)) throw unauthenticated(supplierAuthMessages.badToken);
    const { rows } = await db.execute<{
      id: number;
      manufacturer_id: number;
      name: string;
      stale: boolean;
    }>(sql`
      SELECT t.id, t.manufacturer_id, m.name,
             (t.last_used_at IS NULL OR t.last_used_at < now() - interval '1 minute') AS stale
        FROM supplier_tokens t JOIN manufacturers m ON m.id = t.manufacturer_id
       WHERE t.token_hash = ${supplierTokenHash(credential)} AND t.revoked_at IS NULL`);
    const row = rows[0];
    if (!row) throw unauthenticated(supplierAuthMessages.badToken);
    if (row.stale) {
      await db.execute(sql`
        UPDATE supplier_tokens SET last_used_at = now()
         WHERE id = ${row.id} AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`);
    }
    return {
      kind: 'TOKEN',
      manufacturerId: row.manufacturer_id,
      manufacturerName: row.name,
      supplierOrderId: null,
    };
  }
  if (!LINK_PATTERN.test(credential)) throw unauthenticated(supplierAuthMessages.badCredential);
  const { rows } = await db.execute<{ supplier_order_id: number; manufacturer_id: number; name: string }>(sql`
    SELECT l.supplier_order_id, so.manufacturer_id, m.name
      FROM supplier_order_links l
      JOIN supplier_orders so ON so.id = l.supplier_order_id
      JOIN manufacturers m ON m.id = so.manufacturer_id
     WHERE l.public_id = ${credential} AND l.revoked_at IS NULL`);
  const row = rows[0];
  if (!row) throw unauthenticated(supplierOrderMessages.linkRevoked);
  return {
    kind: 'LINK',
    manufacturerId: row.manufacturer_id,
    manufacturerName: row.name,
    supplierOrderId: row.supplier_order_id,
  };
}
