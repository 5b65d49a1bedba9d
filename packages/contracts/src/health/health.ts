import { z } from 'zod';

/** Served at /health.json (outside /api): the commit the running build was made from. */
export const healthResponseSchema = z.object({ GIT_COMMIT: z.string() });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
