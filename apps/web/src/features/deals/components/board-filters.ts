import { phases, type Workflow } from '@slat/contracts';
import { ALERT_FILTERS, type AlertFilter, type BoardSearch, type Phase } from '../search';

/** The board's filters, as the URL carries them (§2: search, status, phase, alerts, one per flag slug). */
export type BoardFilters = {
  search: string;
  /** Status slugs. */
  status: string[];
  phase: Phase | null;
  alerts: AlertFilter | null;
  /** Flag slug → value slugs. */
  flags: Record<string, string[]>;
  /** Beyond the spec's list: archived deals shown too (they are read-only). */
  archived: boolean;
};

const RESERVED = new Set(['search', 'status', 'phase', 'alerts', 'archived']);

const splitSlugs = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split('|')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/**
 * Reads the URL's parameters against the workflow: unknown statuses, flags and values are
 * dropped, so a stale or hand-edited link still opens a working board.
 */
export function parseBoardFilters(search: Record<string, unknown>, workflow: Workflow): BoardFilters {
  const statusSlugs = new Set(workflow.statuses.map((s) => s.slug));
  const phase = phases.find((p) => p === search.phase) ?? null;
  const alerts = ALERT_FILTERS.find((a) => a === search.alerts) ?? null;
  const flags: Record<string, string[]> = {};
  for (const flag of workflow.flags) {
    if (RESERVED.has(flag.slug)) continue;
    const known = new Set(flag.values.map((v) => v.slug));
    const values = splitSlugs(search[flag.slug]).filter((v) => known.has(v));
    if (values.length) flags[flag.slug] = values;
  }
  return {
    search: typeof search.search === 'string' ? search.search.trim() : '',
    status: splitSlugs(search.status).filter((s) => statusSlugs.has(s)),
    phase,
    alerts,
    flags,
    archived: search.archived === 'all',
  };
}

/** The URL's parameters for these filters (empty ones left out). */
export function filtersToSearch(filters: BoardFilters): BoardSearch {
  const out: BoardSearch = {};
  if (filters.search) out.search = filters.search;
  if (filters.status.length) out.status = filters.status.join('|');
  if (filters.phase) out.phase = filters.phase;
  if (filters.alerts) out.alerts = filters.alerts;
  for (const [slug, values] of Object.entries(filters.flags)) if (values.length) out[slug] = values.join('|');
  if (filters.archived) out.archived = 'all';
  return out;
}

/** The list call's query for these filters (flags as `flag.<slug>`). */
export function filtersToListQuery(filters: BoardFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (filters.search) out.search = filters.search;
  if (filters.status.length) out.status = filters.status.join('|');
  if (filters.phase) out.phase = filters.phase;
  if (filters.alerts) out.alerts = filters.alerts;
  for (const [slug, values] of Object.entries(filters.flags))
    if (values.length) out[`flag.${slug}`] = values.join('|');
  if (filters.archived) out.archived = 'all';
  return out;
}

/** How many filters are set (the Filters button's badge). */
export function activeFilterCount(filters: BoardFilters): number {
  return (
    (filters.status.length ? 1 : 0) +
    (filters.phase ? 1 : 0) +
    (filters.alerts ? 1 : 0) +
    (filters.archived ? 1 : 0) +
    Object.values(filters.flags).filter((v) => v.length).length
  );
}

/** A preset's query string ('status=new|quoted&alerts=any') as URL parameters. */
export function presetToSearch(params: string): BoardSearch {
  return Object.fromEntries(new URLSearchParams(params.replace(/^\?/, '')));
}

/** URL parameters as a preset's query string. */
export function searchToPreset(search: BoardSearch): string {
  const entries = Object.entries(search).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return new URLSearchParams(entries).toString().replace(/%7C/gi, '|');
}
