import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type LineErrorCode,
  type OptionGroup,
  optionsPrice,
  type ProductDefinition,
  validateSelection,
} from './catalog';
import { fromScaled, fromScaledNumber, SCALED_NUMBER_LIMIT, toScaled, toScaledNumber } from './decimal';
import { type MarkupRule, priceLine, sellPriceExTax } from './line-pricing';
import { inchesToSixteenths } from './measurements';

// The pricing hot paths (bench/pricing.mjs) compute in exact integer doubles and plain scans
// where values and selections are small, and fall back to BigInt and Sets otherwise. Each fast
// path must answer exactly what the straightforward version answers: the references below are
// those versions as they were before the speed-up.

const RUNS = { numRuns: 2000 };

/** validateSelection before the speed-up: a Set of the keys and a Map of option key → group. */
function referenceSelection(
  definition: Pick<ProductDefinition, 'optionGroups' | 'rules'>,
  keys: readonly string[],
): LineErrorCode[] {
  const selected = new Set(keys);
  const anyRequired = definition.optionGroups.some((g) => g.required);
  if (selected.size === 0) return anyRequired ? ['OPTIONS_NOT_SELECTED'] : [];
  const groupOf = new Map<string, string>();
  for (const group of definition.optionGroups)
    for (const option of group.options) groupOf.set(option.key, group.key);
  const errors: LineErrorCode[] = [];
  if (definition.optionGroups.some((g) => g.required && !g.options.some((o) => selected.has(o.key))))
    errors.push('MISSING_REQUIRED_OPTIONS');
  const used = new Set<string>();
  let invalid = false;
  for (const key of selected) {
    const group = groupOf.get(key);
    if (group === undefined || used.has(group)) invalid = true;
    else used.add(group);
  }
  if (definition.rules.incompatible.some(([a, b]) => selected.has(a) && selected.has(b))) invalid = true;
  if (invalid) errors.push('INVALID_OPTIONS');
  return errors;
}

/** priceLine's cost and sell before the speed-up: BigInt throughout, the cost through its text. */
function referencePrice(
  gridPrice: string,
  definition: ProductDefinition,
  keys: string[],
  quantity: number,
  rule: Pick<MarkupRule, 'type' | 'value'>,
) {
  const unit = toScaled(gridPrice) + toScaled(optionsPrice(definition, keys));
  const cost = fromScaled(unit * BigInt(quantity), 4);
  return { unitCost: fromScaled(unit, 4), cost, sell: sellPriceExTax(cost, rule) };
}

// Small alphabets, so keys repeat, collide across groups and miss.
const key = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'zz');
const group = fc.record({
  key: fc.constantFrom('g1', 'g2', 'g3'),
  name: fc.constant('Group'),
  required: fc.boolean(),
  options: fc.array(
    fc.record({
      key,
      name: fc.constant('Option'),
      type: fc.constant('BASE' as const),
      price: fc.constant('1'),
    }),
    { maxLength: 4 },
  ),
});
const selectionDefinition = fc.record({
  optionGroups: fc.array(group, { maxLength: 4 }),
  rules: fc.record({ incompatible: fc.array(fc.tuple(key, key), { maxLength: 3 }) }),
});

describe('validateSelection by scans', () => {
  it('answers exactly what the Set and Map version answers', () => {
    fc.assert(
      fc.property(selectionDefinition, fc.array(key, { maxLength: 8 }), (definition, keys) => {
        expect(validateSelection(definition, keys)).toEqual(referenceSelection(definition, keys));
      }),
      RUNS,
    );
  });

  it('answers the same for a selection too long for scans', () => {
    fc.assert(
      fc.property(
        selectionDefinition,
        fc.array(key, { minLength: 33, maxLength: 60 }),
        (definition, keys) => {
          expect(validateSelection(definition, keys)).toEqual(referenceSelection(definition, keys));
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** Money with 0–4 decimals, from cents to far beyond what a double holds exactly. */
const amount = (maxWhole: bigint) =>
  fc
    .tuple(
      fc.bigInt({ min: 0n, max: maxWhole }),
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 0, max: 4 }),
    )
    .map(([whole, fraction, places]) =>
      places === 0 ? `${whole}` : `${whole}.${String(fraction).padStart(4, '0').slice(0, places)}`,
    );
const anyAmount = fc.oneof(amount(9_999n), amount(999_999n), amount(10n ** 12n), amount(10n ** 20n));
const ruleValue = fc.oneof(
  fc.integer({ min: 0, max: 9_999 }).map((h) => fromScaled(BigInt(h) * 100n)),
  fc.integer({ min: -20_000, max: 2_000_000 }).map((h) => fromScaled(BigInt(h) * 100n)),
  amount(10n ** 13n),
);

describe('priceLine in exact doubles', () => {
  it('prices exactly as BigInt does, small and huge amounts, quantities and rules alike', () => {
    fc.assert(
      fc.property(
        anyAmount,
        fc.array(anyAmount, { maxLength: 4 }),
        fc.oneof(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 2 ** 40 })),
        fc.constantFrom('PERCENT_MARK_UP', 'PERCENT_MARGIN') as fc.Arbitrary<MarkupRule['type']>,
        ruleValue,
        (gridPrice, optionPrices, quantity, type, value) => {
          const groups: OptionGroup[] = optionPrices.map((price, i) => ({
            key: `g${i}`,
            name: 'Group',
            required: false,
            options: [{ key: `o${i}`, name: 'Option', type: 'BASE', price }],
          }));
          const definition: ProductDefinition = {
            unit: 'mm',
            sizeLimits: {},
            priceGrid: { widths: [], drops: [], rows: [[gridPrice]] },
            optionGroups: groups,
            rules: { incompatible: [] },
          };
          const keys = groups.map((g) => g.options[0]!.key);
          const rule = { type, value };
          const line = priceLine(
            definition,
            { hasWidth: false, hasHeight: false },
            { quantity, optionKeys: keys },
            rule,
          );
          expect({ unitCost: line.unitCost, cost: line.cost, sell: line.sell }).toEqual(
            referencePrice(gridPrice, definition, keys, quantity, rule),
          );
        },
      ),
      RUNS,
    );
  });
});

describe('decimals as exact doubles', () => {
  it('reads and writes the same values as the BigInt way around the limits', () => {
    const edges = [
      0n,
      1n,
      BigInt(SCALED_NUMBER_LIMIT) - 1n,
      BigInt(SCALED_NUMBER_LIMIT),
      BigInt(Number.MAX_SAFE_INTEGER),
      10n ** 15n - 1n,
      10n ** 15n,
      99_999_999_999_9999n,
      999_999_999_999_9999n,
    ];
    for (const n of edges.flatMap((e) => [e, -e, e + 4_999n, e + 5_000n])) {
      for (let places = 0; places <= 4; places += 1) {
        const text = fromScaled(n, places);
        expect(toScaled(fromScaled(n, 4))).toBe(n);
        if (n < BigInt(SCALED_NUMBER_LIMIT) && n > -BigInt(SCALED_NUMBER_LIMIT))
          expect(fromScaledNumber(Number(n), places)).toBe(text);
      }
    }
    // 11 whole digits read as a double; 12 go the BigInt way; both the same value.
    expect(toScaledNumber('99999999999.9999')).toBe(999_999_999_999_999);
    expect(toScaledNumber('999999999999.9999')).toBeUndefined();
    expect(toScaled('999999999999.9999')).toBe(9_999_999_999_999_999n);
    expect(() => fromScaledNumber(SCALED_NUMBER_LIMIT)).toThrow();
    expect(() => fromScaledNumber(0.5)).toThrow();
  });
});

describe('inch sizes digit by digit', () => {
  /** inchesToSixteenths before the speed-up. */
  function reference(value: string): number | undefined {
    const m = /^(\d+)(?:\.(\d{1,4}))?$/.exec(value);
    if (!m) return undefined;
    const total = Number(m[1]) * 16 + Number((m[2] ?? '').padEnd(4, '0')) / 625;
    return Number(m[2]?.padEnd(4, '0') ?? 0) % 625 !== 0 || !Number.isSafeInteger(total) ? undefined : total;
  }

  it('reads every string as the pattern did', () => {
    const inchText = fc.oneof(
      fc.stringMatching(/^\d{1,20}(\.\d{0,6})?$/),
      fc.tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 15 })).map(([w, s]) =>
        s === 0
          ? `${w}`
          : `${w}.${String(s * 625)
              .padStart(4, '0')
              .replace(/0+$/, '')}`,
      ),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(inchText, (value) => {
        expect(inchesToSixteenths(value)).toBe(reference(value));
      }),
      RUNS,
    );
  });
});
