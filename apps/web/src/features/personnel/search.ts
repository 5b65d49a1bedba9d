import { z } from 'zod';
import { searchText } from '../../lib/search-params';

/** The list's URL parameters: `search`, and `status` with the chosen labels, comma-separated. */
export const personnelSearchSchema = z.object({ search: searchText, status: searchText });
