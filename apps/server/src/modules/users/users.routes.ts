import { editUser } from '@slat/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { sentFields } from '../../lib/partial-update';
import { route } from '../../plugins/api';
import type { Services } from '../../services';
import { loadProfile } from '../auth/auth.service';

export function userRoutes(app: FastifyInstance, services: Services): void {
  route(app, editUser, async ({ body, session }) => {
    const s = session();
    const changes = sentFields({ firstName: body.first_name, lastName: body.last_name, email: body.email });
    if (Object.keys(changes).length > 0) {
      await services.db
        .update(users)
        .set(changes)
        .where(and(eq(users.id, s.userId), eq(users.accountId, s.accountId)));
      services.profiles.forget(s.userId);
    }
    const { user } = await loadProfile(services, s.userId, s.accountId);
    return { user };
  });
}
