import { BADGE_PALETTE, type Person, personInitials } from '@slat/contracts';
import type { z } from 'zod';
import type { personnelSearchSchema } from '../search';

/** The list's filters as the URL keeps them: search text and labels (parameter `status`). */
export type PersonnelFilters = { search: string; labels: string[] };

/** `status` holds the chosen labels, comma-separated. */
export function parsePersonnelFilters(raw: Record<string, unknown>): PersonnelFilters {
  const search = typeof raw.search === 'string' ? raw.search.trim() : '';
  const labels =
    typeof raw.status === 'string'
      ? [
          ...new Set(
            raw.status
              .split(',')
              .map((l) => l.trim())
              .filter(Boolean),
          ),
        ]
      : [];
  return { search, labels };
}

export function personnelFiltersSearch(filters: PersonnelFilters): z.input<typeof personnelSearchSchema> {
  return {
    search: filters.search || undefined,
    status: filters.labels.length ? filters.labels.join(',') : undefined,
  };
}

/**
 * People whose name, email, notes or a label contain the search text (case-insensitive) and
 * who carry at least one of the chosen labels.
 */
export function filterPersonnel(people: Person[], filters: PersonnelFilters): Person[] {
  const needle = filters.search.toLowerCase();
  const wanted = new Set(filters.labels.map((l) => l.toLowerCase()));
  return people.filter((p) => {
    if (wanted.size && !p.labels.some((l) => wanted.has(l.toLowerCase()))) return false;
    if (!needle) return true;
    return [p.name, p.email, p.notes, ...p.labels].some((text) => text.toLowerCase().includes(needle));
  });
}

/** The person's colour, or a stable palette pick when the stored one is not a colour. */
export function badgeColor(person: Pick<Person, 'id' | 'badgeColor'>): string {
  if (/^#[0-9a-fA-F]{6}$/.test(person.badgeColor)) return person.badgeColor;
  return BADGE_PALETTE[Math.abs(person.id) % BADGE_PALETTE.length]!;
}

/** Black or white initials, whichever reads better on the badge colour (WCAG relative luminance). */
export function badgeTextColor(hex: string): '#000' | '#fff' {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // contrast with white (1.05 / (L + 0.05)) against contrast with black ((L + 0.05) / 0.05)
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#fff' : '#000';
}

export { personInitials };
