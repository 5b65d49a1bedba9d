import { getBranding } from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api';
import type { Services } from '../../services';
import { findBranding } from './branding.service';

export function registerBrandingRoutes(app: FastifyInstance, { db }: Services): void {
  route(app, getBranding, async ({ query }) => findBranding(db, query.host));
}
