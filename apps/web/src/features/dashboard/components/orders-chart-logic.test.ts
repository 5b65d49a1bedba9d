import { describe, expect, it } from 'vitest';
import { chartBars, chartTotals, fillDays } from './orders-chart-logic';

const NOW = new Date(2026, 2, 15, 9, 0);

describe('orders per day', () => {
  it('covers the past 30 days up to today, days without orders at 0', () => {
    const days = fillDays([{ date: '2026-03-14', open: 2, submitted: 1 }], NOW);
    expect(days).toHaveLength(31);
    expect(days[0]).toEqual({ date: '2026-02-13', open: 0, submitted: 0 });
    expect(days.at(-1)).toEqual({ date: '2026-03-15', open: 0, submitted: 0 });
    expect(days.at(-2)).toEqual({ date: '2026-03-14', open: 2, submitted: 1 });
  });

  it('leaves out days outside the window', () => {
    const days = fillDays([{ date: '2025-12-01', open: 9, submitted: 9 }], NOW);
    expect(chartTotals(days)).toEqual({ open: 0, submitted: 0, total: 0 });
  });

  it('scales the busiest day to the full height and keeps a small day visible', () => {
    const bars = chartBars(
      [
        { date: 'a', open: 0, submitted: 0 },
        { date: 'b', open: 3, submitted: 1 },
        { date: 'c', open: 0, submitted: 100 },
      ],
      300,
      80,
    );
    expect(bars.map((b) => b.x)).toEqual([1, 101, 201]);
    expect(bars[0]).toMatchObject({ openHeight: 0, submittedHeight: 0, width: 98 });
    expect(bars[1]?.openHeight).toBeCloseTo(2.4);
    expect(bars[1]?.submittedHeight).toBe(2);
    expect(bars[2]?.submittedHeight).toBe(80);
  });

  it('sums open and submitted for the summary', () => {
    expect(
      chartTotals([
        { date: 'a', open: 1, submitted: 2 },
        { date: 'b', open: 3, submitted: 0 },
      ]),
    ).toEqual({ open: 4, submitted: 2, total: 6 });
  });
});
