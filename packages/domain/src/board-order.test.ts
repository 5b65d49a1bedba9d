import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareSortKeys, sortKeyBetween } from './board-order';

describe('sortKeyBetween', () => {
  it('steps out at the ends and takes exact midpoints between', () => {
    expect(sortKeyBetween(null, null)).toBe('0');
    expect(sortKeyBetween(null, '0')).toBe('-1');
    expect(sortKeyBetween(null, '-0.5')).toBe('-2');
    expect(sortKeyBetween('3.25', null)).toBe('4');
    expect(sortKeyBetween('1', '2')).toBe('1.5');
    expect(sortKeyBetween('1', '1.5')).toBe('1.25');
    expect(sortKeyBetween('-1', '0')).toBe('-0.5');
    expect(sortKeyBetween('0.1', '0.2')).toBe('0.15');
  });

  it('always lands strictly between its neighbours, however often a gap is split', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 200 }), (sides) => {
        let lo = '0';
        let hi = '1';
        for (const takeLower of sides) {
          const mid = sortKeyBetween(lo, hi);
          expect(compareSortKeys(lo, mid)).toBe(-1);
          expect(compareSortKeys(mid, hi)).toBe(-1);
          if (takeLower) hi = mid;
          else lo = mid;
        }
      }),
    );
  });
});

type Move = { card: number; column: number; belowIndex: number };

/**
 * Any sequence of moves — to any column, below any card or to the top — gives the same order in
 * every column as a reference model of plain arrays, with keys unique within a column.
 */
describe('board ordering against a reference model', () => {
  it('matches the model after every move', () => {
    const columns = 3;
    const cards = 8;
    const move = fc.record({
      card: fc.integer({ min: 0, max: cards - 1 }),
      column: fc.integer({ min: 0, max: columns - 1 }),
      belowIndex: fc.integer({ min: -1, max: cards }),
    });
    fc.assert(
      fc.property(fc.array(move, { maxLength: 120 }), (moves: Move[]) => {
        const model: number[][] = [Array.from({ length: cards }, (_, i) => i), [], []];
        const key = new Map<number, { column: number; key: string }>();
        for (const [i, c] of model[0]!.entries()) key.set(c, { column: 0, key: String(i) });
        const columnOf = (col: number) =>
          [...key.entries()]
            .filter(([, v]) => v.column === col)
            .sort((a, b) => compareSortKeys(a[1].key, b[1].key) || a[0] - b[0])
            .map(([c]) => c);

        for (const m of moves) {
          // Reference: remove, then insert below the chosen card of the target column (or at the top).
          for (const col of model) {
            const at = col.indexOf(m.card);
            if (at >= 0) col.splice(at, 1);
          }
          const target = model[m.column]!;
          const belowIndex = Math.min(m.belowIndex, target.length - 1);
          const belowCard = belowIndex >= 0 ? target[belowIndex] : undefined;
          target.splice(belowIndex + 1, 0, m.card);

          // System: the new key sits between the card it is dropped below and the one after it.
          const current = columnOf(m.column).filter((c) => c !== m.card);
          const aboveKey = belowCard === undefined ? null : key.get(belowCard)!.key;
          const nextCard = belowCard === undefined ? current[0] : current[current.indexOf(belowCard) + 1];
          const belowKey = nextCard === undefined ? null : key.get(nextCard)!.key;
          key.set(m.card, { column: m.column, key: sortKeyBetween(aboveKey, belowKey) });

          for (let col = 0; col < columns; col++) {
            expect(columnOf(col)).toEqual(model[col]);
            const keys = columnOf(col).map((c) => key.get(c)!.key);
            expect(new Set(keys).size).toBe(keys.length);
          }
        }
      }),
    );
  });
});
