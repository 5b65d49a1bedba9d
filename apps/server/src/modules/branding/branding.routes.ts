import { BRANDING_ELEMENT_ID, type Branding, getBranding } from '@slat/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { brandings } from '../../db/schema';
import { withJsonBlock } from '../../lib/html-blocks';
import { route } from '../../plugins/api';
import type { Services } from '../../services';

/** The login branding stored for a hosting domain (any port, any case); nulls when none. */
export async function findBranding(db: Services['db'], host: string): Promise<Branding> {
  const domain = host.trim().toLowerCase().replace(/:\d+$/, '');
  const [row] = await db.select().from(brandings).where(eq(brandings.host, domain));
  return { logoUrl: row?.logoUrl ?? null, backgroundColor: row?.backgroundColor ?? null };
}

/** The sign-in document with its host's branding in a JSON block. */
export function withBranding(html: string, branding: Branding): string {
  return withJsonBlock(html, BRANDING_ELEMENT_ID, branding);
}

export function brandingRoutes(app: FastifyInstance, services: Services): void {
  route(app, getBranding, async ({ query }) => findBranding(services.db, query.host));
}
