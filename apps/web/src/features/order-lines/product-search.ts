import { z } from 'zod';
import { searchText } from '../../lib/search-params';

/**
 * The product screen's URL parameters: `window`, the window a new product goes into (from the
 * quote's window rows); without it the product gets a new window. Kept as the URL's text; the
 * page reads an id from it (anything else is ignored).
 */
export const productScreenSearchSchema = z.object({ window: searchText });

/** The window id in `?window=`, when it is one. */
export const windowIdOf = (search: { window?: string | undefined }): number | undefined =>
  search.window !== undefined && /^[1-9]\d{0,9}$/.test(search.window) ? Number(search.window) : undefined;
