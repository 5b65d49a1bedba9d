import { Accordion, Badge, Box, Group, NavLink, Stack, Text, TextInput } from '@mantine/core';
import type { ProductTreeGroup, ProductTreeItem } from '@slat/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconSearch } from '../../../components/icons';

/** The key of the 'Top Products' group (the server puts it first when the dealer has any). */
export const TOP_PRODUCTS_KEY = 'top-products';

/**
 * §2: the tree starts expanded only on 'Top Products' when there are 4 or more top-level
 * groups, otherwise every group is expanded.
 */
export function initialExpanded(groups: readonly Pick<ProductTreeGroup, 'key'>[]): string[] {
  if (groups.length >= 4) return groups.filter((g) => g.key === TOP_PRODUCTS_KEY).map((g) => g.key);
  return groups.map((g) => g.key);
}

const normalise = (text: string) => text.toLocaleLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');

/** A product matches when every word of the search is in its name or its brand's name. */
export function productMatches(product: Pick<ProductTreeItem, 'name' | 'brandName'>, query: string): boolean {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = normalise(`${product.name} ${product.brandName}`);
  return words.every((word) => text.includes(word));
}

/** The tree with only the products the search matches; groups left empty are dropped. */
export function filterTree(groups: readonly ProductTreeGroup[], query: string): ProductTreeGroup[] {
  if (!query.trim()) return [...groups];
  return groups.flatMap((group) => {
    const products = group.products.filter((p) => productMatches(p, query));
    const brands = group.groups.flatMap((brand) => {
      const matching = brand.products.filter((p) => productMatches(p, query));
      return matching.length > 0 ? [{ ...brand, products: matching }] : [];
    });
    return products.length > 0 || brands.length > 0 ? [{ ...group, products, groups: brands }] : [];
  });
}

const productCount = (group: ProductTreeGroup) =>
  group.products.length + group.groups.reduce((n, b) => n + b.products.length, 0);

type ProductTreeProps = {
  groups: readonly ProductTreeGroup[];
  selectedId: number | null;
  onSelect: (product: ProductTreeItem) => void;
  disabled?: boolean;
  /** The form's message when no product is chosen (shown on the search, which takes the focus). */
  error?: string | undefined;
};

/**
 * §2 the product tree: groups that open and close (Top Products, then categories by brand), a
 * search over product and brand names, and §8's 'No products found' when there is nothing to
 * show. Keyboard: Tab to a group's header (arrows move between headers, Enter or Space opens
 * it), Tab into its products, Enter or Space chooses one.
 */
export function ProductTree({ groups, selectedId, onSelect, disabled = false, error }: ProductTreeProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState<string[]>(() => initialExpanded(groups));
  // while searching, every group with a match is open (closing one holds until the search changes)
  const [searchExpanded, setSearchExpanded] = useState<{ query: string; keys: string[] } | null>(null);
  const shown = useMemo(() => filterTree(groups, query), [groups, query]);
  const searching = query.trim() !== '';
  const value = searching
    ? searchExpanded?.query === query
      ? searchExpanded.keys
      : shown.map((g) => g.key)
    : expanded;
  const onChange = (next: string[]) => {
    if (searching) setSearchExpanded({ query, keys: next });
    else setExpanded(next);
  };
  return (
    <Stack gap="xs">
      <TextInput
        type="search"
        name="productId"
        label={t('productScreen.search')}
        placeholder={t('productScreen.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        disabled={disabled}
        error={error}
        onChange={(event) => setQuery(event.currentTarget.value)}
        onKeyDown={(event) => {
          // Enter in the search filters; it does not submit the product's form
          if (event.key === 'Enter') event.preventDefault();
        }}
        autoComplete="off"
      />
      {shown.length === 0 ? (
        <Box role="status" py="md" ta="center">
          <Text fw={600}>{t('productScreen.noProducts')}</Text>
          <Text size="sm" c="dimmed">
            {t('productScreen.contactSupport')}
          </Text>
        </Box>
      ) : (
        <Accordion<true>
          multiple
          value={value}
          onChange={onChange}
          variant="contained"
          order={3}
          aria-label={t('productScreen.tree')}
          transitionDuration={0}
        >
          {shown.map((group) => (
            <Accordion.Item key={group.key} value={group.key}>
              <Accordion.Control disabled={disabled}>
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Text fw={600} size="sm">
                    {group.name}
                  </Text>
                  <Badge variant="light" color="gray" size="sm" aria-hidden>
                    {productCount(group)}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap={4}>
                  {group.products.length > 0 && (
                    <ProductList
                      products={group.products}
                      selectedId={selectedId}
                      onSelect={onSelect}
                      disabled={disabled}
                      showBrand
                    />
                  )}
                  {group.groups.map((brand) => (
                    <Box key={brand.key} component="section" aria-label={`${group.name}: ${brand.name}`}>
                      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt={4} mb={2}>
                        {brand.name}
                      </Text>
                      <ProductList
                        products={brand.products}
                        selectedId={selectedId}
                        onSelect={onSelect}
                        disabled={disabled}
                      />
                    </Box>
                  ))}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}

function ProductList({
  products,
  selectedId,
  onSelect,
  disabled,
  showBrand = false,
}: {
  products: ProductTreeItem[];
  selectedId: number | null;
  onSelect: (product: ProductTreeItem) => void;
  disabled: boolean;
  showBrand?: boolean;
}) {
  return (
    <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {products.map((product) => {
        const selected = product.id === selectedId;
        return (
          <li key={product.id}>
            <NavLink
              component="button"
              type="button"
              label={product.name}
              description={showBrand ? product.brandName : undefined}
              active={selected}
              aria-pressed={selected}
              disabled={disabled}
              onClick={() => onSelect(product)}
              styles={{ root: { borderRadius: 'var(--mantine-radius-sm)' } }}
            />
          </li>
        );
      })}
    </Box>
  );
}
