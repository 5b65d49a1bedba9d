// Answers shaped as the contracts say (getOrderLineOptions, updateOrderLine), for the frame's tests.
import type { FrameLine } from './display';

export type LineJson = FrameLine & Record<string, unknown>;

/** An order line as the §3 shape has it (every field, not only those the frame reads). */
export function lineJson(
  overrides: {
    costPrice?: string | null;
    sellPrice?: string | null;
    errors?: { code: string; message: string }[];
    options?: string[];
  } = {},
) {
  return {
    id: 42,
    orderId: 3,
    windowGroupName: 'House/Lounge/Bay',
    orderWindowId: 9,
    externalOrderLineId: null,
    quantity: 2,
    costPrice: overrides.costPrice === undefined ? '250.00' : overrides.costPrice,
    sellPrice: overrides.sellPrice === undefined ? '375.00' : overrides.sellPrice,
    notes: '',
    siteMount: '',
    isTaxable: true,
    hasFreight: false,
    hasInstallation: false,
    manufacturerId: 5,
    dimensions: {
      width: { value: '36.375', unit: 'in', display: '36 3/8"' },
      height: { value: '48', unit: 'in', display: '48"' },
    },
    context: {
      configuration: {
        width: '36 3/8"',
        height: '48"',
        optionGroups: (overrides.options ?? []).map((key) => ({
          name: 'Group',
          options: [{ value: key, itemName: key, price: '0', quantity: 1, type: 'BASE' }],
        })),
      },
      errors: overrides.errors ?? [],
      product: {
        id: 11,
        name: 'Roller Blind',
        hasWidth: true,
        hasHeight: true,
        hasQuantity: true,
        categoryName: 'Rollers',
        brandName: 'Harbour',
        disableFineFractions: false,
      },
      unitCostPrice: '125.00',
      markup: { type: 'PERCENT_MARK_UP', value: '50', source: 'ACCOUNT' },
      catalogVersion: { id: 1, number: 1, isLatest: true },
    },
  };
}

/** GET …/options/display: a BASE group (required) and a FABRIC group (optional). */
export function displayJson(
  overrides: { isReadOnly?: boolean; selected?: string[]; line?: ReturnType<typeof lineJson> } = {},
) {
  const selected = new Set(overrides.selected ?? []);
  const base = (key: string, name: string, price: string) => ({
    key,
    name,
    type: 'BASE' as const,
    price,
    fabric: null,
    selected: selected.has(key),
  });
  const fabric = (key: string, name: string, colour: string, price: string) => ({
    key,
    name,
    type: 'FABRIC' as const,
    price,
    fabric: { width: 118.125, repeat: 3, brand: 'Luxaflex', colour },
    selected: selected.has(key),
  });
  return {
    data: {
      line:
        overrides.line ??
        lineJson({ errors: [{ code: 'OPTIONS_NOT_SELECTED', message: 'Options not selected yet.' }] }),
      isReadOnly: overrides.isReadOnly ?? false,
      unit: 'in' as const,
      optionGroups: [
        {
          key: 'control',
          name: 'Control',
          required: true,
          options: [base('chain', 'Chain', '0'), base('motor', 'Motorised', '120.50')],
        },
        {
          key: 'fabric',
          name: 'Fabric',
          required: false,
          options: [
            fabric('snow', 'Snow', 'Arctic White', '15.00'),
            fabric('night', 'Night', 'Charcoal', '18.25'),
          ],
        },
      ],
      incompatibleOptions: [['motor', 'night']] as [string, string][],
    },
  };
}
