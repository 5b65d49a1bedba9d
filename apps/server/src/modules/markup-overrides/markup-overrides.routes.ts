import {
  createMarkupOverride,
  deleteMarkupOverride,
  listMarkupOverrides,
  markupOverrideOptions,
  updateMarkupOverride,
} from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api';
import type { Services } from '../../services';
import * as overrides from './markup-overrides.service';

export function registerMarkupOverrideRoutes(app: FastifyInstance, { db }: Services): void {
  route(app, listMarkupOverrides, async ({ session }) => overrides.listOverrides(db, session().accountId));
  route(app, markupOverrideOptions, async ({ session, query }) =>
    overrides.overrideOptions(db, session().accountId, query.search),
  );
  route(app, createMarkupOverride, async ({ session, body }) =>
    overrides.addOverride(db, session().accountId, body),
  );
  route(app, updateMarkupOverride, async ({ session, params, body }) =>
    overrides.editOverride(db, session().accountId, params.id, body),
  );
  route(app, deleteMarkupOverride, async ({ session, params }) =>
    overrides.removeOverride(db, session().accountId, params.id),
  );
}
