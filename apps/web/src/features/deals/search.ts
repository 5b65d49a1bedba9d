import { phases } from '@slat/contracts';
import { z } from 'zod';
import { searchText } from '../../lib/search-params';

export type Phase = (typeof phases)[number];
export const ALERT_FILTERS = ['warning', 'info', 'any'] as const;
export type AlertFilter = (typeof ALERT_FILTERS)[number];

/**
 * The board's URL parameters (§2): search, status slugs joined by |, phase, alerts, archived=all,
 * the table's sort, and one parameter per flag slug (value slugs joined by |), which the workflow defines; a value
 * that is not valid is left out.
 */
export const boardSearchSchema = z.looseObject({
  search: searchText,
  status: searchText,
  phase: z.enum(phases).optional().catch(undefined),
  alerts: z.enum(ALERT_FILTERS).optional().catch(undefined),
  archived: z.literal('all').optional().catch(undefined),
  /** The table's sort ('name', '-updated', 'flag:payment'); the board checks it against the workflow. */
  sort: searchText,
});

/** The board's URL parameters as they are written: the named ones, then a flag slug → its values. */
export type BoardSearch = {
  search?: string;
  status?: string;
  phase?: Phase;
  alerts?: AlertFilter;
  archived?: 'all';
  sort?: string;
  [flagSlug: string]: string | undefined;
};
