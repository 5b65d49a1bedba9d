import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  sendTestWebhook,
  updateWebhook,
} from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api';
import type { Services } from '../../services';
import * as webhooks from './webhooks.service';

export function registerWebhookRoutes(app: FastifyInstance, { db, config, jobs }: Services): void {
  route(app, listWebhooks, async ({ session }) => webhooks.listWebhooks(db, session().accountId));
  route(app, createWebhook, async ({ session, body }) =>
    webhooks.createWebhook(db, config, session().accountId, body.url),
  );
  route(app, updateWebhook, async ({ session, params, body }) =>
    webhooks.setWebhookDisabled(db, session().accountId, params.id, body.disabled),
  );
  route(app, deleteWebhook, async ({ session, params }) =>
    webhooks.deleteWebhook(db, session().accountId, params.id),
  );
  route(app, listWebhookDeliveries, async ({ session, params, query }) =>
    webhooks.listWebhookDeliveries(db, session().accountId, params.id, query),
  );
  route(app, sendTestWebhook, async ({ session, params }) =>
    webhooks.sendTestEvent({ db, jobs }, session().accountId, params.id),
  );
}
