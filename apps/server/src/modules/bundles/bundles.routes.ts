import { listBundles, subscribeBundle, unsubscribeBundle } from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api';
import type { Services } from '../../services';
import * as bundles from './bundles.service';

export function registerBundleRoutes(app: FastifyInstance, { db }: Services): void {
  route(app, listBundles, async ({ session }) => bundles.listVisibleBundles(db, session().accountId));
  route(app, subscribeBundle, async ({ session, params, body }) =>
    bundles.subscribeToBundle(db, session().accountId, params.id, body.templateValues),
  );
  route(app, unsubscribeBundle, async ({ session, params }) =>
    bundles.unsubscribeFromBundle(db, session().accountId, params.id),
  );
}
