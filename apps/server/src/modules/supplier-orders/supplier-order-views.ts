import {
  type OfflineSupplierOrder,
  type OrderLine,
  type RevisionChange,
  type SupplierLineChange,
  type SupplierOrder,
  type SupplierOrderHistoryEntry,
  type SupplierOrderStatus,
  type TrackedField,
  trackedFieldLabels,
  trackedFieldSchema,
} from '@slat/contracts';
import type * as repo from './supplier-orders.repository';

// How supplier orders and their history are answered: rows in, contract shapes out (no SQL here).

/** A timestamp as the API answers it (ISO 8601, UTC); null stays null. */
export const iso = (d: string | null) => (d ? new Date(d).toISOString() : null);
export const isoOf = (d: string) => new Date(d).toISOString();

/** A core status's words, for an order with no named status yet. */
const coreStatusNames: Record<repo.SupplierOrderRow['core_status'], string> = {
  UNSTARTED: 'Not started',
  IN_PROGRESS: 'In progress',
  ON_HOLD: 'On hold',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

const acknowledgementNames: Record<string, string> = {
  RECEIVED: 'Received',
  ACCEPTED: 'Accepted',
  ACCEPTED_WITH_CHANGES: 'Accepted with changes',
  REJECTED: 'Rejected',
};

/** Money as 2 decimals, exactly (a decimal string, never a float): '12.5' → '12.50'. */
export function money2(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  return `${BigInt(whole)}.${`${fraction}00`.slice(0, 2)}`;
}

/** Tracking as one line: "Carrier · Number · URL", empty parts left out. */
export const trackingLine = (t: { carrier: string; number: string; url: string }) =>
  [t.carrier, t.number, t.url].filter((p) => p.trim() !== '').join(' · ');

export function statusOf(s: repo.StatusRow): SupplierOrderStatus {
  return { id: s.id, name: s.name, coreStatus: s.core_status };
}

function lineOf(line: OrderLine, supplierOrderId: number): SupplierOrder['context']['orderLines'][number] {
  return {
    id: line.id,
    externalOrderLineId: line.externalOrderLineId,
    manufacturerOrderId: supplierOrderId,
    windowGroupName: line.windowGroupName,
    productName: line.context.product.name,
    notes: line.notes,
    quantity: line.quantity,
    sellPrice: line.costPrice === null ? null : money2(line.costPrice),
    configuration: {
      width: line.context.configuration.width,
      height: line.context.configuration.height,
      siteMount: line.siteMount,
      options: line.context.configuration.optionGroups.flatMap((g) =>
        g.options.map((o) => ({ group: g.name, name: o.itemName })),
      ),
    },
  };
}

export function supplierOrderOf(row: repo.SupplierOrderRow, lines: OrderLine[]): SupplierOrder {
  return {
    id: row.id,
    orderId: row.order_id,
    manufacturerId: row.manufacturer_id,
    manufacturerName: row.manufacturer_name,
    reference: row.reference,
    freight: row.freight === null ? null : money2(row.freight),
    eta: row.eta,
    shippingInstructions: row.shipping_instructions,
    trackingInformation: row.tracking_information,
    tracking: { carrier: row.tracking_carrier, number: row.tracking_number, url: row.tracking_url },
    createdAt: isoOf(row.created_at),
    updatedAt: isoOf(row.updated_at),
    orderStatusId: row.order_status_id,
    customerNotes: row.customer_notes,
    acknowledgement: row.acknowledgement,
    acknowledgedAt: iso(row.acknowledged_at),
    rejectionReason: row.rejection_reason,
    lineChanges: Array.isArray(row.line_changes) ? (row.line_changes as SupplierLineChange[]) : [],
    context: {
      orderStatus: {
        id: row.order_status_id,
        name: row.status_name ?? coreStatusNames[row.core_status],
        coreStatus: row.core_status,
      },
      requiredDate: row.required_date,
      shippingAddress: row.shipping_address,
      shippingMethod:
        row.shipping_method_id === null
          ? null
          : { id: row.shipping_method_id, name: row.shipping_method_name ?? '' },
      orderLines: lines.map((l) => lineOf(l, row.id)),
    },
  };
}

export function offlineSupplierOrderOf(row: repo.SupplierOrderRow): OfflineSupplierOrder {
  return {
    id: String(row.id),
    reference: row.reference,
    orderStatus: row.order_status_text,
    requiredDate: row.required_date,
    eta: row.eta,
    notes: row.customer_notes,
    shippingMethod:
      row.shipping_method_id === null
        ? null
        : { id: row.shipping_method_id, name: row.shipping_method_name ?? '' },
    shippingAddress: row.shipping_address,
    shippingInstructions: row.shipping_instructions,
    freight: row.freight === null ? null : money2(row.freight),
    trackingInformation: row.tracking_information,
    manufacturerId: row.manufacturer_id,
    isOffline: true,
  };
}

/** Names to show ids by: statuses and shipping methods. */
export type HistoryNames = { statuses: Map<number, string>; methods: Map<number, string> };

/** The ids a page of history names, to look their names up at once. */
export function idsNamedBy(rows: repo.HistoryRow[]): { statuses: number[]; methods: number[] } {
  const statuses = new Set<number>();
  const methods = new Set<number>();
  for (const r of rows) {
    for (const v of [r.changes.order_status_id?.old, r.changes.order_status_id?.new])
      if (typeof v === 'number') statuses.add(v);
    for (const v of [r.changes.shipping_method_id?.old, r.changes.shipping_method_id?.new])
      if (typeof v === 'number') methods.add(v);
  }
  return { statuses: [...statuses], methods: [...methods] };
}

/** A tracked field's value as text: a status or method by its name, freight 2 decimals, '' for none. */
function shown(field: TrackedField, value: unknown, names: HistoryNames): string {
  // An online order without a named status is shown by its core status's words ('Not started'),
  // on the order and the supplier's page alike: its history says the same.
  if (field === 'order_status_id' && (value === null || value === undefined))
    return coreStatusNames.UNSTARTED;
  if (value === null || value === undefined || value === '') return '';
  switch (field) {
    case 'order_status_id':
      return names.statuses.get(Number(value)) ?? '';
    case 'shipping_method_id':
      return names.methods.get(Number(value)) ?? '';
    case 'total_freight_override':
      return money2(String(value));
    case 'acknowledgement':
      return acknowledgementNames[String(value)] ?? String(value);
    default:
      return String(value);
  }
}

export function historyEntryOf(row: repo.HistoryRow, names: HistoryNames): SupplierOrderHistoryEntry {
  const createdAt = isoOf(row.created_at);
  return {
    id: row.id,
    createdAt,
    created_at: createdAt,
    type: row.type,
    employee: { fullName: row.actor_name },
    source: row.source,
    // jsonb keeps no key order: the fields come in their tracked order.
    changes: trackedFieldSchema.options
      .filter((field) => Object.hasOwn(row.changes, field))
      .map((field) => ({
        field,
        label: trackedFieldLabels[field],
        old: shown(field, row.changes[field]?.old, names),
        new: shown(field, row.changes[field]?.new, names),
      })),
  };
}

/** One line for a revision's change: "Home/Lounge · Roller blind: Quantity 1 → 2". */
export function describeRevisionChange(c: RevisionChange): string {
  const what = [c.windowGroupName, c.productName].filter((p) => p !== '').join(' · ');
  if (c.kind === 'ADDED') return `Added ${what}`;
  if (c.kind === 'REMOVED') return `Removed ${what}`;
  return `${what}: ${c.fields.map((f) => `${f.field} ${f.before} → ${f.after}`).join(', ')}`;
}
