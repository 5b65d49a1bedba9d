import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  alertsWeight,
  type DealAlertInput,
  type DealPhase,
  dealAlerts,
  type SupplierOrderAlertFacts,
} from './deal-alerts';

const base: DealAlertInput = {
  phase: 'New',
  statusName: 'New Enquiry',
  flags: { Payment: 'None', Install: 'None', 'Lost Reason': 'Unknown' },
  quoteCount: 0,
  orderCount: 0,
};
const keys = (input: Partial<DealAlertInput>) => dealAlerts({ ...base, ...input }).map((a) => a.key);

describe('deal alerts (sales spec §4)', () => {
  it('warns when quoting without quotes and in progress without orders', () => {
    expect(keys({ phase: 'Quoting' })).toEqual(['no-quotes']);
    expect(keys({ phase: 'Quoting', quoteCount: 1 })).toEqual([]);
    expect(keys({ phase: 'InProgress' })).toEqual(['no-orders']);
    expect(keys({ phase: 'InProgress', orderCount: 2 })).toEqual([]);
  });

  it('informs about signed deals awaiting deposit and received deals awaiting installation booking', () => {
    const signed = dealAlerts({ ...base, phase: 'InProgress', statusName: 'Signed', orderCount: 1 });
    expect(signed).toEqual([
      { type: 'info', key: 'awaiting-deposit', content: 'Signed and awaiting deposit', weight: 1 },
    ]);
    expect(
      keys({ phase: 'InProgress', statusName: 'Signed', orderCount: 1, flags: { Payment: 'Deposit Paid' } }),
    ).toEqual([]);
    expect(
      dealAlerts({ ...base, phase: 'InProgress', statusName: 'Received', orderCount: 1 }).map(
        (a) => a.content,
      ),
    ).toEqual(['Received and awaiting installation booking']);
    expect(
      keys({ phase: 'InProgress', statusName: 'Received', orderCount: 1, flags: { Install: 'Booked' } }),
    ).toEqual([]);
  });

  it('warns about cancelled deals without a lost reason', () => {
    expect(dealAlerts({ ...base, phase: 'Cancelled', statusName: 'Lost' }).map((a) => a.content)).toEqual([
      'Cancelled without a Lost Reason',
    ]);
    expect(keys({ phase: 'Cancelled', flags: { 'Lost Reason': 'Price' } })).toEqual([]);
  });

  it('weighs 100 per warning plus 1 per info, for any deal', () => {
    const phases: DealPhase[] = ['New', 'Quoting', 'InProgress', 'Closed', 'Cancelled'];
    fc.assert(
      fc.property(
        fc.constantFrom(...phases),
        fc.constantFrom('New Enquiry', 'Signed', 'Received', 'Lost'),
        fc.constantFrom('None', 'Deposit Paid', null),
        fc.constantFrom('None', 'Booked', null),
        fc.constantFrom('Unknown', 'Price', null),
        fc.nat(3),
        fc.nat(3),
        (phase, statusName, payment, install, lost, quoteCount, orderCount) => {
          const alerts = dealAlerts({
            phase,
            statusName,
            flags: { Payment: payment, Install: install, 'Lost Reason': lost },
            quoteCount,
            orderCount,
          });
          const warnings = alerts.filter((a) => a.type === 'warning').length;
          const infos = alerts.filter((a) => a.type === 'info').length;
          expect(alertsWeight(alerts)).toBe(100 * warnings + infos);
          expect(new Set(alerts.map((a) => a.key)).size).toBe(alerts.length);
        },
      ),
    );
  });

  describe('supplier orders', () => {
    // 2026-11-27 is a Friday.
    const order = (o: Partial<SupplierOrderAlertFacts> = {}): SupplierOrderAlertFacts => ({
      online: true,
      acknowledged: false,
      closed: false,
      submittedOn: '2026-11-27',
      eta: null,
      ...o,
    });
    const onDay = (today: string, ...supplierOrders: SupplierOrderAlertFacts[]) =>
      keys({ phase: 'InProgress', orderCount: 1, supplierOrders, today });

    it('counts working days Monday to Friday, skipping the weekend', () => {
      expect(addWorkingDays('2026-11-23', 2)).toBe('2026-11-25');
      expect(addWorkingDays('2026-11-27', 1)).toBe('2026-11-30');
      expect(addWorkingDays('2026-11-27', 2)).toBe('2026-12-01');
      expect(addWorkingDays('2026-11-28', 2)).toBe('2026-12-01');
      expect(addWorkingDays('2026-12-31', 2)).toBe('2027-01-04');
    });

    it('warns when an order is not acknowledged within 2 working days of being submitted', () => {
      // Submitted Friday: Monday and Tuesday are its two working days.
      expect(onDay('2026-11-30', order())).toEqual([]);
      expect(onDay('2026-12-01', order())).toEqual([]);
      expect(onDay('2026-12-02', order())).toEqual(['supplier-not-acknowledged']);
      expect(dealAlerts({ ...base, supplierOrders: [order()], today: '2026-12-02' })).toContainEqual({
        type: 'warning',
        key: 'supplier-not-acknowledged',
        content: 'Supplier has not acknowledged the order',
        weight: 100,
      });
    });

    it('stops warning once the supplier answers, or the order is closed, and never for an offline order', () => {
      expect(onDay('2026-12-09', order({ acknowledged: true }))).toEqual([]);
      expect(onDay('2026-12-09', order({ closed: true }))).toEqual([]);
      expect(onDay('2026-12-09', order({ online: false }))).toEqual([]);
    });

    it('warns the day after an open order passes its ETA, once for all its orders', () => {
      const late = order({ acknowledged: true, eta: '2026-12-03' });
      expect(onDay('2026-12-03', late)).toEqual([]);
      expect(onDay('2026-12-04', late)).toEqual(['supplier-past-eta']);
      expect(onDay('2026-12-04', late, late)).toEqual(['supplier-past-eta']);
      expect(onDay('2026-12-04', { ...late, closed: true })).toEqual([]);
      expect(onDay('2026-12-04', { ...late, online: false })).toEqual([]);
      expect(onDay('2026-12-04', late, order())).toEqual(['supplier-not-acknowledged', 'supplier-past-eta']);
    });

    it('raises no supplier alert without a day to measure against', () => {
      expect(
        keys({ phase: 'InProgress', orderCount: 1, supplierOrders: [order({ eta: '2000-01-01' })] }),
      ).toEqual([]);
    });
  });
});
