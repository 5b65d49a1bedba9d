import { getBranding } from '@slat/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { brandings } from '../../db/schema';
import { route } from '../../plugins/api';
import type { Services } from '../../services';

export function brandingRoutes(app: FastifyInstance, services: Services): void {
  route(app, getBranding, async ({ query }) => {
    const host = query.host.toLowerCase().replace(/:\d+$/, '');
    const [row] = await services.db.select().from(brandings).where(eq(brandings.host, host));
    return { logoUrl: row?.logoUrl ?? null, backgroundColor: row?.backgroundColor ?? null };
  });
}
