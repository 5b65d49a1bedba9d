import { z } from 'zod';
import { searchText } from '../../lib/search-params';

const CONTACT_SORTS = ['name', '-name', 'email', '-email', 'phone', '-phone'] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];

/** The list's URL parameters (/contacts?search=…&sort=-email&page=2); what is not valid is left out. */
export const contactListSearchSchema = z.object({
  search: searchText,
  sort: z.enum(CONTACT_SORTS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
