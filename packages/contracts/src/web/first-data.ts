import { z } from 'zod';
import { meResponseSchema } from '../auth/auth';
import { workflowSchema } from '../settings/workflows';

/**
 * What index.html carries for a signed-in browser (a JSON block with id `slat-first-data`): the
 * answers of POST /old/auth/me and GET /workflows as of the document, so the first screen makes
 * no call before its own data. The browser checks it against this schema like any answer.
 */
export const firstDataSchema = z.object({
  me: meResponseSchema,
  workflows: z.array(workflowSchema),
});
export type FirstData = z.infer<typeof firstDataSchema>;
