import { sql } from 'drizzle-orm';
import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Raw bytes (small generated PDFs), returned as a Buffer. */
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A public id made by the database: two v4 UUIDs' random bits (244), base64url, 43 characters.
 * Links customers open without signing in (customer quote, payment) are addressed only by it.
 */
export const randomPublicId = sql`translate(rtrim(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '='), '+/', '-_')`;
