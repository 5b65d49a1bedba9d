import { editUser } from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api';
import type { Services } from '../../services';
import { editSignedInUser } from './users.service';

export function registerUserRoutes(app: FastifyInstance, services: Services): void {
  route(app, editUser, async ({ body, session }) => {
    const s = session();
    return editSignedInUser(services, s.accountId, s.userId, body);
  });
}
