import type { SupplierDocument } from '@slat/contracts';
import type { z } from 'zod';
import type { documentSearchSchema } from '../search';

/** The Documents filters as the URL keeps them: search, type (a category) and supplier (an id). */
export type DocumentFilters = { search: string; type: string; supplier: string };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function parseDocumentFilters(raw: Record<string, unknown>): DocumentFilters {
  const supplier = text(raw.supplier);
  return { search: text(raw.search), type: text(raw.type), supplier: /^\d+$/.test(supplier) ? supplier : '' };
}

export function documentFiltersSearch(filters: DocumentFilters): z.input<typeof documentSearchSchema> {
  return {
    search: filters.search || undefined,
    type: filters.type || undefined,
    supplier: filters.supplier || undefined,
  };
}

const createdTime = (doc: SupplierDocument) => {
  const time = Date.parse(doc.created_at);
  return Number.isNaN(time) ? 0 : time;
};

/**
 * Documents matching the filters (search over name, type and supplier, case-insensitive),
 * newest first (§2 default sort); the supplier filter applies only when it is offered.
 */
export function filterDocuments(
  documents: SupplierDocument[],
  filters: DocumentFilters,
  { supplierFilter }: { supplierFilter: boolean },
): SupplierDocument[] {
  const needle = filters.search.toLowerCase();
  const type = filters.type.toLowerCase();
  return documents
    .filter((doc) => {
      if (type && doc.type.toLowerCase() !== type) return false;
      if (supplierFilter && filters.supplier && String(doc.manufacturer_id) !== filters.supplier)
        return false;
      if (!needle) return true;
      return [doc.name, doc.type, doc.manufacturer_name].some((v) => v.toLowerCase().includes(needle));
    })
    .sort((a, b) => createdTime(b) - createdTime(a) || b.id - a.id);
}

/** Active categories in their sort order, as the Type filter lists them. */
export function typeOptions(
  categories: { category: string; is_active: boolean; sort_order: number }[],
): string[] {
  return categories
    .filter((c) => c.is_active)
    .sort((a, b) => a.sort_order - b.sort_order || a.category.localeCompare(b.category))
    .map((c) => c.category);
}
