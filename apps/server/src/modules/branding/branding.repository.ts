import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { brandings } from '../../db/schema';

export type BrandingRow = typeof brandings.$inferSelect;

export async function findBrandingByHost(db: Db, host: string): Promise<BrandingRow | undefined> {
  const [row] = await db.select().from(brandings).where(eq(brandings.host, host));
  return row;
}
