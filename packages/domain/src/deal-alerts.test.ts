import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alertsWeight, type DealAlertInput, type DealPhase, dealAlerts } from './deal-alerts';

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
});
