export type DealPhase = 'New' | 'Quoting' | 'InProgress' | 'Closed' | 'Cancelled';

export type DealAlert = {
  type: 'warning' | 'info';
  key:
    | 'no-quotes'
    | 'no-orders'
    | 'awaiting-deposit'
    | 'awaiting-install-booking'
    | 'missing-lost-reason'
    | 'supplier-not-acknowledged'
    | 'supplier-past-eta';
  content: string;
  weight: number;
};

export type DealAlertInput = {
  phase: DealPhase;
  statusName: string;
  /** The deal's value per workflow flag, by flag name (null when unset). */
  flags: Record<string, string | null>;
  quoteCount: number;
  orderCount: number;
  /** The supplier orders of the deal's live purchase orders (none when absent). */
  supplierOrders?: readonly SupplierOrderAlertFacts[];
  /** Today in the company's time zone (yyyy-MM-dd): the supplier alerts are measured against it. */
  today?: string;
};

/** What the supplier alerts need of one supplier order. */
export type SupplierOrderAlertFacts = {
  /** Answered online; an offline-only supplier's order is the dealer's own entry and has no answer. */
  online: boolean;
  /** The supplier has answered (received, accepted, accepted with changes or rejected). */
  acknowledged: boolean;
  /** COMPLETED or CANCELLED: nothing more is expected. */
  closed: boolean;
  /** The day the order was submitted, yyyy-MM-dd in the company's time zone. */
  submittedOn: string;
  eta: string | null;
};

/** The texts of the supplier alerts (the contracts' supplierOrderMessages say the same). */
export const supplierAlertTexts = {
  notAcknowledged: 'Supplier has not acknowledged the order',
  pastEta: 'Supplier order is past its ETA',
} as const;

/** Working days (Mon–Fri) a supplier has to acknowledge an order. */
export const ACKNOWLEDGE_WORKING_DAYS = 2;

/** The date `days` working days (Mon–Fri) after `date` (yyyy-MM-dd); a weekend day itself counts for none. */
export function addWorkingDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const weekday = d.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return d.toISOString().slice(0, 10);
}

/**
 * An online order not acknowledged by the end of its 2nd working day after the day it was
 * submitted (submitted Friday: Monday and Tuesday; the alert from Wednesday), and still open.
 */
export function isUnacknowledgedTooLong(o: SupplierOrderAlertFacts, today: string): boolean {
  return (
    o.online &&
    !o.acknowledged &&
    !o.closed &&
    today > addWorkingDays(o.submittedOn, ACKNOWLEDGE_WORKING_DAYS)
  );
}

/**
 * An online order still open the day after its ETA. An offline-only supplier's order is left out:
 * its status is the dealer's free text, so nothing could ever close the alert but erasing the ETA.
 */
export function isPastEta(o: SupplierOrderAlertFacts, today: string): boolean {
  return o.online && !o.closed && o.eta !== null && today > o.eta;
}

export const alertWeight = { warning: 100, info: 1 } as const;

const same = (a: string | null | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.toLowerCase();

/** A flag counts as 'None'/'Unknown' when unset too: a deal that never had it set is still waiting. */
const flagIs = (flags: DealAlertInput['flags'], name: string, value: string) => {
  const entry = Object.entries(flags).find(([k]) => same(k, name));
  return entry !== undefined && (entry[1] === null || same(entry[1], value));
};

/** The deal alerts of sales spec §4, in a fixed order. */
export function dealAlerts(input: DealAlertInput): DealAlert[] {
  const alerts: DealAlert[] = [];
  const warn = (key: DealAlert['key'], content: string) =>
    alerts.push({ type: 'warning', key, content, weight: alertWeight.warning });
  const info = (key: DealAlert['key'], content: string) =>
    alerts.push({ type: 'info', key, content, weight: alertWeight.info });
  if (input.phase === 'Quoting' && input.quoteCount === 0) warn('no-quotes', 'Quoting without a quote');
  if (input.phase === 'InProgress' && input.orderCount === 0)
    warn('no-orders', 'In progress without an order');
  if (same(input.statusName, 'Signed') && flagIs(input.flags, 'Payment', 'None')) {
    info('awaiting-deposit', 'Signed and awaiting deposit');
  }
  if (same(input.statusName, 'Received') && flagIs(input.flags, 'Install', 'None')) {
    info('awaiting-install-booking', 'Received and awaiting installation booking');
  }
  if (input.phase === 'Cancelled' && flagIs(input.flags, 'Lost Reason', 'Unknown')) {
    warn('missing-lost-reason', 'Cancelled without a Lost Reason');
  }
  const orders = input.supplierOrders ?? [];
  const today = input.today;
  if (today !== undefined && orders.some((o) => isUnacknowledgedTooLong(o, today)))
    warn('supplier-not-acknowledged', supplierAlertTexts.notAcknowledged);
  if (today !== undefined && orders.some((o) => isPastEta(o, today)))
    warn('supplier-past-eta', supplierAlertTexts.pastEta);
  return alerts;
}

/** Sort weight of a deal's alerts: 100 per warning plus 1 per info. */
export const alertsWeight = (alerts: readonly DealAlert[]) => alerts.reduce((n, a) => n + a.weight, 0);
