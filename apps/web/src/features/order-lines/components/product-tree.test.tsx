import '../product-strings';
import type { ProductTreeGroup, ProductTreeItem } from '@slat/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { filterTree, initialExpanded, ProductTree, productMatches, TOP_PRODUCTS_KEY } from './product-tree';

let nextId = 1;
const product = (name: string, brandName: string, categoryName = 'Roller'): ProductTreeItem => ({
  id: nextId++,
  name,
  manufacturerId: 1,
  manufacturerName: 'Coastline Window Furnishings',
  brandId: brandName.length,
  brandName,
  categoryId: categoryName.length,
  categoryName,
  hasWidth: true,
  hasHeight: true,
  hasQuantity: true,
  bundles: [],
});

const blockout = product('Roller Blind — Blockout', 'Coastline');
const sunscreen = product('Roller Blind — Sunscreen 5%', 'Aria Shades');
const roman = product('Roman Blind — Classic Fold', 'Coastline', 'Roman');
const heritage = product('Heritage Venetian 2 in (imperial)', 'Heritage Imperial', 'Venetian');
const shutter = product('Plantation Shutter — Basswood', 'Sunview Shutters', 'Shutters');

const top: ProductTreeGroup = {
  key: TOP_PRODUCTS_KEY,
  name: 'Top Products',
  groups: [],
  products: [blockout],
};
const category = (slug: string, name: string, items: ProductTreeItem[]): ProductTreeGroup => ({
  key: `category:${slug}`,
  name,
  products: [],
  groups: [...new Set(items.map((p) => p.brandName))].map((brand) => ({
    key: `brand:${brand}`,
    name: brand,
    products: items.filter((p) => p.brandName === brand),
  })),
});
const roller = category('roller', 'Roller', [blockout, sunscreen]);
const romans = category('roman', 'Roman', [roman]);
const venetian = category('venetian', 'Venetian', [heritage]);
const shutters = category('shutters', 'Shutters', [shutter]);

/** A group's header: a button named by the group (its product count is hidden from the name). */
const header = (name: string) => screen.getByRole('button', { name, expanded: undefined });
const expandedOf = (name: string) => header(name).getAttribute('aria-expanded');

describe('the tree’s first expansion (§2)', () => {
  it('with 4 or more top-level groups only Top Products starts expanded', () => {
    expect(initialExpanded([top, roller, romans, venetian])).toEqual([TOP_PRODUCTS_KEY]);
    expect(initialExpanded([top, roller, romans, venetian, shutters])).toEqual([TOP_PRODUCTS_KEY]);
  });

  it('with fewer than 4 groups every group starts expanded', () => {
    expect(initialExpanded([top, roller, romans])).toEqual([
      TOP_PRODUCTS_KEY,
      'category:roller',
      'category:roman',
    ]);
    expect(initialExpanded([roller])).toEqual(['category:roller']);
    expect(initialExpanded([])).toEqual([]);
  });

  it('with 4 or more groups and no Top Products, none starts expanded', () => {
    expect(initialExpanded([roller, romans, venetian, shutters])).toEqual([]);
  });

  it('renders that way: 4 groups → Top Products open, the categories closed', () => {
    renderWithProviders(
      <ProductTree groups={[top, roller, romans, venetian]} selectedId={null} onSelect={() => undefined} />,
    );
    expect(expandedOf('Top Products')).toBe('true');
    expect(expandedOf('Roller')).toBe('false');
    expect(expandedOf('Roman')).toBe('false');
    expect(expandedOf('Venetian')).toBe('false');
  });

  it('renders that way: 3 groups → all open', () => {
    renderWithProviders(
      <ProductTree groups={[top, roller, romans]} selectedId={null} onSelect={() => undefined} />,
    );
    expect(expandedOf('Top Products')).toBe('true');
    expect(expandedOf('Roller')).toBe('true');
    expect(expandedOf('Roman')).toBe('true');
  });
});

describe('the tree’s search', () => {
  it('matches every word in the product or brand name, ignoring case and accents', () => {
    expect(productMatches(sunscreen, 'aria')).toBe(true);
    expect(productMatches(sunscreen, 'ROLLER aria')).toBe(true);
    expect(productMatches(sunscreen, 'roller coastline')).toBe(false);
    expect(productMatches({ name: 'Rideau crème', brandName: 'X' }, 'creme')).toBe(true);
    expect(productMatches(sunscreen, '  ')).toBe(true);
  });

  it('keeps only the groups and brands with a match', () => {
    const shown = filterTree([top, roller, romans], 'aria');
    expect(shown.map((g) => g.key)).toEqual(['category:roller']);
    expect(shown[0]?.groups.map((b) => b.name)).toEqual(['Aria Shades']);
    expect(filterTree([top, roller, romans], 'nothing like this')).toEqual([]);
  });

  it('typing filters the products and opens the groups that match; no match says so', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ProductTree groups={[top, roller, romans, venetian]} selectedId={null} onSelect={() => undefined} />,
    );
    const search = screen.getByRole('searchbox', { name: 'Search products' });
    await user.type(search, 'heritage');
    expect(screen.queryByRole('button', { name: 'Roller' })).toBeNull();
    expect(expandedOf('Venetian')).toBe('true');
    // getByRole finds only what is shown (a closed group's products are hidden)
    expect(screen.getByRole('button', { name: /Heritage Venetian 2 in/ }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    await user.clear(search);
    await user.type(search, 'zzz');
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('No products found' + 'Please contact support for assistance');
    expect(within(status).getByText('No products found').tagName).toBe('P');
  });

  it('an empty tree says No products found / Please contact support for assistance', () => {
    renderWithProviders(<ProductTree groups={[]} selectedId={null} onSelect={() => undefined} />);
    expect(screen.getByRole('status').textContent).toBe(
      'No products found' + 'Please contact support for assistance',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});

function Chooser({
  groups,
  onSelect,
}: {
  groups: ProductTreeGroup[];
  onSelect: (p: ProductTreeItem) => void;
}) {
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <ProductTree
      groups={groups}
      selectedId={selected}
      onSelect={(p) => {
        setSelected(p.id);
        onSelect(p);
      }}
    />
  );
}

describe('choosing a product', () => {
  it('works from the keyboard: Tab to the product, Enter chooses it; the chosen one is pressed', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    renderWithProviders(<Chooser groups={[top, roller, romans]} onSelect={onSelect} />);
    const search = screen.getByRole('searchbox', { name: 'Search products' });
    await user.type(search, 'sunscreen');
    // Enter in the search does not choose (nor submit a form around it)
    await user.keyboard('{Enter}');
    expect(onSelect).not.toHaveBeenCalled();
    await user.tab(); // the Roller group's header
    expect(document.activeElement).toBe(header('Roller'));
    await user.tab(); // its only product
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(sunscreen);
    expect(
      screen.getByRole('button', { name: /Roller Blind — Sunscreen 5%/ }).getAttribute('aria-pressed'),
    ).toBe('true');
  });
});
