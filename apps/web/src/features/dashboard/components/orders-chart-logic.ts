import { addDays, format } from 'date-fns';

export type DayCount = { date: string; open: number; submitted: number };

/** The chart's window: the past 30 days up to today, in the browser's calendar (the list's '-30'). */
export const CHART_DAYS = 30;

/**
 * Every day of the window with its counts (days without orders count 0), oldest first; the
 * server's days outside the window are left out.
 */
export function fillDays(perDay: DayCount[], now: Date = new Date()): DayCount[] {
  const byDate = new Map(perDay.map((d) => [d.date.slice(0, 10), d]));
  const days: DayCount[] = [];
  for (let back = CHART_DAYS; back >= 0; back--) {
    const date = format(addDays(now, -back), 'yyyy-MM-dd');
    const found = byDate.get(date);
    days.push({ date, open: found?.open ?? 0, submitted: found?.submitted ?? 0 });
  }
  return days;
}

export type Bar = { date: string; x: number; width: number; openHeight: number; submittedHeight: number };

/**
 * Stacked bars (submitted at the bottom, open above) scaled so the busiest day fills `height`;
 * a day with orders is at least 2 px tall so it never vanishes.
 */
export function chartBars(days: DayCount[], width: number, height: number, gap = 2): Bar[] {
  const max = Math.max(1, ...days.map((d) => d.open + d.submitted));
  const slot = days.length > 0 ? width / days.length : width;
  const scale = (n: number) => (n === 0 ? 0 : Math.max(2, (n / max) * height));
  return days.map((d, index) => ({
    date: d.date,
    x: index * slot + gap / 2,
    width: Math.max(1, slot - gap),
    openHeight: scale(d.open),
    submittedHeight: scale(d.submitted),
  }));
}

/** The totals the chart's summary reads out. */
export function chartTotals(days: DayCount[]): { open: number; submitted: number; total: number } {
  const open = days.reduce((sum, d) => sum + d.open, 0);
  const submitted = days.reduce((sum, d) => sum + d.submitted, 0);
  return { open, submitted, total: open + submitted };
}
