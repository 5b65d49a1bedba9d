import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Raw bytes (small generated PDFs), returned as a Buffer. */
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
