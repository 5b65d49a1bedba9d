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

/**
 * What the browser needs to take over a first screen the server rendered (decision 039): the
 * viewport the server rendered for and the answers of the calls the page made while rendering
 * (TanStack Query's dehydrated state: each answer as the contract's schema already gave it).
 */
export const firstScreenSchema = z.object({
  viewport: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }),
  state: z.object({ queries: z.array(z.unknown()), mutations: z.array(z.unknown()) }).passthrough(),
});
export type FirstScreenBlock = z.infer<typeof firstScreenSchema>;

/** The viewports a first screen is rendered for: a phone's (the request says mobile) or a desktop's. */
export const PHONE_VIEWPORT: FirstScreenBlock['viewport'] = { width: 375, height: 812 };
export const DESKTOP_VIEWPORT: FirstScreenBlock['viewport'] = { width: 1280, height: 900 };
