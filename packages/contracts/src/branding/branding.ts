import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

export const brandingResponseSchema = z.object({
  logoUrl: z.string().nullable(),
  backgroundColor: z.string().nullable(),
});
export type Branding = z.infer<typeof brandingResponseSchema>;

export const getBranding = defineEndpoint({
  method: 'GET',
  path: '/branding',
  summary: 'Login page branding for a hosting domain (nulls when the domain has none)',
  // Public: the sign-in page shows the host's branding before anyone signs in.
  auth: 'public',
  query: z.object({ host: z.string().trim().min(1).max(253) }),
  response: brandingResponseSchema,
});
