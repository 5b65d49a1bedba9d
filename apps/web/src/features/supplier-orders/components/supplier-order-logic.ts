import {
  type OfflineSupplierOrder,
  SUPPLIER_ORDER_HISTORY_PAGE_SIZE,
  type SupplierAcknowledgement,
  type SupplierCoreStatus,
  type SupplierOrderLine,
} from '@slat/contracts';
import { z } from 'zod';

/** The strings' key of an acknowledgement ('' = not answered yet). */
export const acknowledgementKey = (ack: SupplierAcknowledgement) => (ack === '' ? 'NONE' : ack);

/** The core status pill's colour (filled): each shade keeps white text at AA contrast (orange does not). */
export const coreStatusColor: Record<SupplierCoreStatus, string> = {
  UNSTARTED: 'gray.7',
  IN_PROGRESS: 'blue.8',
  ON_HOLD: 'grape.9',
  COMPLETED: 'teal.9',
  CANCELLED: 'red.9',
};

/** The acknowledgement pill's colour (outlined on white, the same AA rule). */
export const acknowledgementColor: Record<SupplierAcknowledgement, string> = {
  '': 'gray.7',
  RECEIVED: 'blue.8',
  ACCEPTED: 'teal.9',
  ACCEPTED_WITH_CHANGES: 'cyan.9',
  REJECTED: 'red.9',
};

/** How many history pages of 40 (§9) a total makes; an empty history is one (empty) page. */
export const historyPages = (total: number) =>
  Math.max(1, Math.ceil(total / SUPPLIER_ORDER_HISTORY_PAGE_SIZE));

/** A tracking link is followed only when it is a web address (a supplier types it). */
export function safeLink(url: string): string | null {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** How a changed line is named: its place and product, else its id. */
export function lineName(lineId: number, lines: SupplierOrderLine[]): string {
  const line = lines.find((l) => l.id === lineId);
  if (!line) return `#${lineId}`;
  return [line.windowGroupName, line.productName].filter(Boolean).join(' — ') || `#${lineId}`;
}

/** An id from the URL: only its canonical decimal spelling names a row. */
export const idOf = (text: string) => (/^[1-9]\d{0,9}$/.test(text) ? Number(text) : 0);

const FREIGHT_MAX = 1_000_000;

/** The manual editor's values: everything as typed (freight and dates stay text). */
export const offlineFormSchema = (messages: {
  freightInvalid: string;
  freightTooLarge: string;
  dateInvalid: string;
}) =>
  z
    .object({
      reference: z.string().trim().max(200),
      orderStatus: z.string().trim().max(200),
      requiredDate: z.string(),
      requiredDateBadInput: z.boolean(),
      eta: z.string(),
      etaBadInput: z.boolean(),
      freight: z
        .string()
        .trim()
        .refine((v) => v === '' || /^\d+(\.\d{1,2})?$/.test(v), messages.freightInvalid)
        .refine(
          (v) => v === '' || !/^\d+(\.\d{1,2})?$/.test(v) || Number(v) <= FREIGHT_MAX,
          messages.freightTooLarge,
        ),
      shippingMethodId: z.string(),
      shippingAddress: z.string().trim().max(2000),
      shippingInstructions: z.string().trim().max(2000),
      trackingInformation: z.string().trim().max(1000),
      notes: z.string().trim().max(10000),
    })
    .superRefine((values, ctx) => {
      // a half-typed date leaves the input empty: say so rather than clear the date
      if (values.requiredDateBadInput)
        ctx.addIssue({ code: 'custom', path: ['requiredDate'], message: messages.dateInvalid });
      if (values.etaBadInput) ctx.addIssue({ code: 'custom', path: ['eta'], message: messages.dateInvalid });
    });

export type OfflineFormValues = z.input<ReturnType<typeof offlineFormSchema>>;

const day = (value: string | null) => (value ? value.slice(0, 10) : '');

/** The editor's starting values: the order as saved. */
export function offlineFormValues(order: OfflineSupplierOrder): OfflineFormValues {
  return {
    reference: order.reference,
    orderStatus: order.orderStatus,
    requiredDate: day(order.requiredDate),
    requiredDateBadInput: false,
    eta: day(order.eta),
    etaBadInput: false,
    freight: order.freight ?? '',
    shippingMethodId: order.shippingMethod ? String(order.shippingMethod.id) : '',
    shippingAddress: order.shippingAddress,
    shippingInstructions: order.shippingInstructions,
    trackingInformation: order.trackingInformation,
    notes: order.notes,
  };
}

/**
 * The editor after a save: the order as saved, but the freight as the dealer typed it when it is
 * the same amount ('45.5' stays, not '45.50'): what was typed is never rewritten.
 */
export function savedValues(saved: OfflineSupplierOrder, typed: OfflineFormValues): OfflineFormValues {
  const values = offlineFormValues(saved);
  const freight = typed.freight.trim();
  return freight !== '' && saved.freight !== null && Number(freight) === Number(saved.freight)
    ? { ...values, freight }
    : values;
}

/** What the upsert sends: the freight exactly as typed, an emptied field as none. */
export function offlineBody(order: OfflineSupplierOrder, values: OfflineFormValues) {
  const freight = values.freight.trim();
  return {
    id: order.id,
    manufacturerId: order.manufacturerId,
    reference: values.reference.trim(),
    orderStatus: values.orderStatus.trim(),
    requiredDate: values.requiredDate || null,
    eta: values.eta || null,
    freight: freight === '' ? null : freight,
    shippingMethodId: values.shippingMethodId ? Number(values.shippingMethodId) : null,
    shippingAddress: values.shippingAddress.trim(),
    shippingInstructions: values.shippingInstructions.trim(),
    trackingInformation: values.trackingInformation.trim(),
    notes: values.notes.trim(),
  };
}

/** The server's field paths (body names) as the editor's field names. */
export function formFieldOf(path: string): keyof OfflineFormValues | null {
  const name = path.replace(/^body\./, '');
  const fields: Record<string, keyof OfflineFormValues> = {
    reference: 'reference',
    orderStatus: 'orderStatus',
    requiredDate: 'requiredDate',
    eta: 'eta',
    freight: 'freight',
    shippingMethodId: 'shippingMethodId',
    shippingAddress: 'shippingAddress',
    shippingInstructions: 'shippingInstructions',
    trackingInformation: 'trackingInformation',
    notes: 'notes',
  };
  return fields[name] ?? null;
}
