import { pgTable, text } from 'drizzle-orm/pg-core';

/** Login page branding per hosting domain. */
export const brandings = pgTable('brandings', {
  host: text('host').primaryKey(),
  logoUrl: text('logo_url'),
  backgroundColor: text('background_color'),
});
