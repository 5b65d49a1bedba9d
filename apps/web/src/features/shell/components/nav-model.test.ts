import { describe, expect, it } from 'vitest';
import { buildNav, isNavItemActive } from './nav-model';

const workflows = [
  { id: 1, slug: 'residential', name: 'Residential', isActive: true },
  { id: 2, slug: 'old', name: 'Old', isActive: false },
  { id: 3, slug: 'commercial', name: 'Commercial', isActive: true },
];
const labels = (sections: ReturnType<typeof buildNav>) =>
  sections.map((s) => [
    s.title ?? s.key,
    s.items.map((i) => ('key' in i.label ? i.label.key : i.label.text)),
  ]);

describe('main navigation (foundation §2)', () => {
  it('with sales: Dashboard; Deals (active workflows, Contacts, Personnel if flagged); Purchasing; Settings', () => {
    expect(labels(buildNav({ sales: true, personnelFlag: true, workflows, addressMissing: false }))).toEqual([
      ['main', ['nav.dashboard']],
      ['nav.deals', ['Residential', 'Commercial', 'nav.contacts', 'nav.personnel']],
      ['nav.purchasing', ['nav.orders', 'nav.documents']],
      ['bottom', ['nav.settings']],
    ]);
  });

  it('without sales: no Deals section and the Purchasing title is hidden', () => {
    expect(labels(buildNav({ sales: false, personnelFlag: true, workflows, addressMissing: false }))).toEqual(
      [
        ['main', ['nav.dashboard']],
        ['purchasing', ['nav.orders', 'nav.documents']],
        ['bottom', ['nav.settings']],
      ],
    );
  });

  it('Personnel needs its flag; Settings warns when the address is empty', () => {
    const sections = buildNav({ sales: true, personnelFlag: false, workflows: [], addressMissing: true });
    expect(labels(sections)[1]).toEqual(['nav.deals', ['nav.contacts']]);
    expect(sections.at(-1)?.items[0]?.warning).toBe(true);
  });

  it('an item is active on its path and below', () => {
    const item = { key: 'contacts', to: '/contacts', label: { key: 'nav.contacts' as const } };
    expect(isNavItemActive(item, '/contacts')).toBe(true);
    expect(isNavItemActive(item, '/contacts/abc')).toBe(true);
    expect(isNavItemActive(item, '/contactsx')).toBe(false);
  });
});
