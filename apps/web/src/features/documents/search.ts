import { z } from 'zod';
import { searchText } from '../../lib/search-params';

/** The page's URL parameters: search text, type (a category) and supplier (an id). */
export const documentSearchSchema = z.object({ search: searchText, type: searchText, supplier: searchText });
