export type DealPhase = 'New' | 'Quoting' | 'InProgress' | 'Closed' | 'Cancelled';

export type DealAlert = {
  type: 'warning' | 'info';
  key: 'no-quotes' | 'no-orders' | 'awaiting-deposit' | 'awaiting-install-booking' | 'missing-lost-reason';
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
};

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
  return alerts;
}

/** Sort weight of a deal's alerts: 100 per warning plus 1 per info. */
export const alertsWeight = (alerts: readonly DealAlert[]) => alerts.reduce((n, a) => n + a.weight, 0);
