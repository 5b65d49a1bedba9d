import type { EditUserRequest, MeResponse } from '@slat/contracts';
import { sentFields } from '../../lib/partial-update';
import type { Services } from '../../services';
import { loadProfile } from '../auth/index';
import * as repo from './users.repository';

/** Saves the fields sent for the signed-in user and answers the fresh profile's user. */
export async function editSignedInUser(
  services: Services,
  accountId: number,
  userId: number,
  input: EditUserRequest,
): Promise<{ user: MeResponse['user'] }> {
  const changes = sentFields({ firstName: input.first_name, lastName: input.last_name, email: input.email });
  if (Object.keys(changes).length > 0) {
    await repo.updateUserRow(services.db, accountId, userId, changes);
    services.profiles.forget(userId);
  }
  const { user } = await loadProfile(services, userId, accountId);
  return { user };
}
