import { format } from 'date-fns';
import { enAU } from 'date-fns/locale/en-AU';
import { describe, expect, it } from 'vitest';
import { shownDate } from './purchase-order-submit.service';

// The server writes a day (the earliest allowed date, the mail's and the PDF's required date) as
// the web shows dates: date-fns 'P' in en-AU (apps/web/src/lib/format.ts), the one date format the
// app has (foundation spec: dates use the Australian English locale).
describe('shownDate', () => {
  it('writes a day as the web’s formatDate does, day first', () => {
    for (const day of ['2099-12-25', '2030-01-05', '2026-11-28', '2028-02-29', '2031-10-01']) {
      const [y, m, d] = day.split('-').map(Number) as [number, number, number];
      expect(shownDate(day), day).toBe(format(new Date(y, m - 1, d), 'P', { locale: enAU }));
    }
    expect(shownDate('2099-12-25')).toBe('25/12/2099');
  });
});
