import { DEAL_SORT, phases, type Workflow } from '@slat/contracts';
import type { TFunction } from 'i18next';
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

const RESERVED = new Set(['search', 'status', 'phase', 'alerts', 'archived', 'sort']);

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

const ALERT_LABELS = {
  any: 'deals.anyAlerts',
  warning: 'deals.warningAlerts',
  info: 'deals.infoAlerts',
} as const;

/** One active filter as the bar shows it: its words, and the filters without it (its ×). */
export type FilterChip = { key: string; label: string; without: BoardFilters };

/**
 * The active filters in words, each named ('Status: Signed, Ordered', 'Payment: None',
 * 'Including archived deals'), in the panel's order; the search has its own box.
 */
export function filterChips(filters: BoardFilters, workflow: Workflow, t: TFunction): FilterChip[] {
  const chips: FilterChip[] = [];
  const named = (name: string, values: string[]) => `${name}: ${values.join(', ')}`;
  if (filters.status.length)
    chips.push({
      key: 'status',
      label: named(
        t('deals.status'),
        filters.status.map((s) => workflow.statuses.find((x) => x.slug === s)?.name ?? s),
      ),
      without: { ...filters, status: [] },
    });
  if (filters.phase)
    chips.push({
      key: 'phase',
      label: named(t('deals.phase'), [t(`deals.phases.${filters.phase}`)]),
      without: { ...filters, phase: null },
    });
  if (filters.alerts)
    chips.push({
      key: 'alerts',
      label: named(t('deals.alerts'), [t(ALERT_LABELS[filters.alerts])]),
      without: { ...filters, alerts: null },
    });
  for (const flag of workflow.flags) {
    const values = filters.flags[flag.slug] ?? [];
    if (!values.length) continue;
    chips.push({
      key: `flag:${flag.slug}`,
      label: named(
        flag.name,
        values.map((v) => flag.values.find((x) => x.slug === v)?.label ?? v),
      ),
      without: { ...filters, flags: { ...filters.flags, [flag.slug]: [] } },
    });
  }
  if (filters.archived)
    chips.push({
      key: 'archived',
      label: t('deals.archivedIncluded'),
      without: { ...filters, archived: false },
    });
  return chips;
}

/** The table's sort from the URL: a known column or flag, '-' first for descending; else none. */
export function parseSort(value: unknown, workflow: Workflow): string | null {
  if (typeof value !== 'string' || !DEAL_SORT.test(value)) return null;
  const key = value.replace(/^-/, '');
  if (key === 'alerts') return null;
  if (key.startsWith('flag:') && !workflow.flags.some((f) => `flag:${f.slug}` === key)) return null;
  return value;
}

/** A header's next sort: ascending, then descending, then the board's own order again. */
export function nextSort(current: string | null, key: string): string | null {
  if (current === key) return `-${key}`;
  if (current === `-${key}`) return null;
  return key;
}

/** aria-sort of a column under the current sort. */
export function sortDirection(current: string | null, key: string): 'ascending' | 'descending' | 'none' {
  if (current === key) return 'ascending';
  if (current === `-${key}`) return 'descending';
  return 'none';
}

/** The table's sortable columns: the deal's name, the contact, the status, each flag, the last change. */
export function sortColumns(workflow: Workflow, t: TFunction): { key: string; label: string }[] {
  return [
    { key: 'name', label: t('deals.deal') },
    { key: 'contact', label: t('deals.contact') },
    { key: 'status', label: t('deals.status') },
    ...workflow.flags.map((f) => ({ key: `flag:${f.slug}`, label: f.name })),
    { key: 'updated', label: t('deals.updated') },
  ];
}

/** A sort in words: 'Updated (descending)'. */
export function sortLabel(sort: string, workflow: Workflow, t: TFunction): string {
  const key = sort.replace(/^-/, '');
  const name = sortColumns(workflow, t).find((c) => c.key === key)?.label ?? key;
  return sort.startsWith('-') ? t('deals.sortDescending', { name }) : t('deals.sortAscending', { name });
}

/** What a preset's query string shows, in words ('Status: Signed · Payment: None'); 'All deals' when nothing. */
export function presetSummary(params: string, workflow: Workflow, t: TFunction): string {
  const search = presetToSearch(params);
  const filters = parseBoardFilters(search, workflow);
  const sort = parseSort(search.sort, workflow);
  const parts = [
    ...(filters.search ? [t('deals.presets.searchFor', { text: filters.search })] : []),
    ...filterChips(filters, workflow, t).map((chip) => chip.label),
    ...(sort ? [t('deals.presets.sortedBy', { sort: sortLabel(sort, workflow, t) })] : []),
  ];
  return parts.length ? parts.join(' · ') : t('deals.presets.allDeals');
}
