import { z } from 'zod';
import { searchText } from '../../lib/search-params';

/** The date filter's presets (§9): the past N days, or every order ('all'). */
export const ORDER_DATE_PRESETS = ['-7', '-30', '-90', '-365', 'all'] as const;
export type OrderDatePreset = (typeof ORDER_DATE_PRESETS)[number];

/**
 * The orders list's URL parameters (§2): search, status, manufacturer (supplier id), rep (a name,
 * or 'none'), date (a preset; absent = '-30'), archived ('1') and page; what is not valid is left out.
 */
export const ordersListSearchSchema = z.object({
  search: searchText,
  status: z.enum(['OPEN', 'SUBMITTED']).optional().catch(undefined),
  manufacturer: z.coerce.number().int().positive().optional().catch(undefined),
  rep: searchText,
  date: z.enum(ORDER_DATE_PRESETS).optional().catch(undefined),
  archived: z.literal('1').optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type OrdersListSearch = z.infer<typeof ordersListSearchSchema>;
