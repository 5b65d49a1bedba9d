import type { SupplierDocument } from '@slat/contracts';
import { describe, expect, it } from 'vitest';
import {
  documentFiltersSearch,
  filterDocuments,
  parseDocumentFilters,
  typeOptions,
} from './document-filters';

const doc = (
  id: number,
  name: string,
  type: string,
  supplier: number,
  created: string,
): SupplierDocument => ({
  id,
  name,
  type,
  manufacturer_id: supplier,
  manufacturer_name: supplier === 1 ? 'Coastal Blinds' : 'Summit Shutters',
  created_at: created,
  url: `/api/files/${id}`,
  mime_type: 'application/pdf',
});

const docs = [
  doc(1, 'Coastal product brochure', 'Brochure', 1, '2026-01-01T00:00:00Z'),
  doc(2, 'Coastal trade price list 2026', 'Price list', 1, '2026-03-01T00:00:00Z'),
  doc(3, 'Summit warranty terms', 'Warranty', 2, '2026-02-01T00:00:00Z'),
];
const none = { search: '', type: '', supplier: '' };
const ids = (list: SupplierDocument[]) => list.map((d) => d.id);

describe('document filters', () => {
  it('sorts by created date, newest first', () => {
    expect(ids(filterDocuments(docs, none, { supplierFilter: true }))).toEqual([2, 3, 1]);
  });

  it('filters by search (name, type, supplier), type and supplier', () => {
    const run = (f: Partial<typeof none>) =>
      ids(filterDocuments(docs, { ...none, ...f }, { supplierFilter: true }));
    expect(run({ search: 'PRICE' })).toEqual([2]);
    expect(run({ search: 'summit' })).toEqual([3]);
    expect(run({ type: 'brochure' })).toEqual([1]);
    expect(run({ supplier: '1' })).toEqual([2, 1]);
    expect(run({ supplier: '1', type: 'Warranty' })).toEqual([]);
  });

  it('ignores a supplier in the URL when the filter is not offered (one supplier)', () => {
    expect(ids(filterDocuments(docs, { ...none, supplier: '2' }, { supplierFilter: false }))).toEqual([
      2, 3, 1,
    ]);
  });

  it('reads and writes the URL parameters search, type and supplier', () => {
    const filters = parseDocumentFilters({ search: ' terms ', type: 'Warranty', supplier: '2' });
    expect(filters).toEqual({ search: 'terms', type: 'Warranty', supplier: '2' });
    expect(parseDocumentFilters({ supplier: 'abc' }).supplier).toBe('');
    expect(documentFiltersSearch(none)).toEqual({ search: undefined, type: undefined, supplier: undefined });
  });

  it('lists active types in their sort order', () => {
    expect(
      typeOptions([
        { category: 'Warranty', is_active: true, sort_order: 30 },
        { category: 'Old', is_active: false, sort_order: 1 },
        { category: 'Brochure', is_active: true, sort_order: 10 },
      ]),
    ).toEqual(['Brochure', 'Warranty']);
  });
});
