import { z } from 'zod';
import { sessionUserSchema } from '../auth/auth';
import { defineEndpoint } from '../endpoint';
import { messages } from '../messages';

export const editUserRequestSchema = z
  .strictObject({
    first_name: z.string().trim().min(1, 'First name is required').max(100),
    last_name: z.string().trim().min(1, 'Last name is required').max(100),
    email: z.string().trim().max(320).pipe(z.email(messages.emailInvalid)),
  })
  .partial();
export type EditUserRequest = z.infer<typeof editUserRequestSchema>;

export const editUser = defineEndpoint({
  method: 'POST',
  path: '/old/users',
  summary: 'Edit the signed-in user',
  auth: 'session',
  body: editUserRequestSchema,
  response: z.object({ user: sessionUserSchema }),
});
