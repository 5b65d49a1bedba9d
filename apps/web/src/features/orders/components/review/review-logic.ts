import type { PurchaseOrder } from '@slat/contracts';
import { addDays, format, isValid, parseISO } from 'date-fns';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { formatDate, localDay } from '../../../../lib/format';
import type { PdfShipping, SubmitOrderBody } from '../../api/review';

/**
 * The Review order modal's rules (§2 Review order, §3 Review form model, §5, §9), apart from the
 * screen so each can be tested on its own: the steps, the defaults, the required date, what blocks
 * a submission, the call's body, and which field a server refusal names.
 */

export type ReviewStep = 'form' | 'review' | 'supplierOrder';

/** The review form (§3 Review form model) as typed: ids and dates are the inputs' strings. */
export type ReviewFormValues = {
  requiredDate: string;
  /** The date input holds something that is not a date yet (typed part of it): 'Invalid date'. */
  requiredDateBadInput: boolean;
  shippingMethodId: string;
  shippingAddress: string;
  shippingInstructions: string;
  reference: string;
  orderStatus: string;
  eta: string;
  etaBadInput: boolean;
  notes: string;
};

export type ReviewField = Exclude<keyof ReviewFormValues, 'requiredDateBadInput' | 'etaBadInput'>;

/** An offline-only supplier's order is entered by hand: a third step and 'Mark as Submitted'. */
export const isManualSupplier = (order: PurchaseOrder): boolean => order.context.supplier.offlineOnly;

/** An internal supplier (the dealer's own workroom): no shipping method, address or freight. */
export const needsShipping = (order: PurchaseOrder): boolean => !order.context.supplier.isInternal;

export function reviewSteps(order: PurchaseOrder): ReviewStep[] {
  return isManualSupplier(order) ? ['form', 'review', 'supplierOrder'] : ['form', 'review'];
}

const DAY = 'yyyy-MM-dd';

/** §5/§9: the order's minimum required date, else tomorrow (yyyy-MM-dd, the dealer's day). */
export function earliestRequiredDate(order: PurchaseOrder, now: Date = new Date()): string {
  return order.context.minRequiredDate ?? format(addDays(now, 1), DAY);
}

/** A real calendar day written yyyy-MM-dd (a four-digit year: the input allows six). */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = parseISO(value);
  return isValid(day) && format(day, DAY) === value;
}

export type RequiredDateProblem = 'required' | 'invalid' | 'earliest' | null;

/** §5 required date for submission: required, a valid date, not before the earliest allowed. */
export function requiredDateProblem(value: string, badInput: boolean, earliest: string): RequiredDateProblem {
  if (badInput) return 'invalid';
  if (!value.trim()) return 'required';
  if (!isDay(value)) return 'invalid';
  return value < earliest ? 'earliest' : null;
}

type ShippingMethod = PurchaseOrder['context']['supplier']['shippingMethods'][number];

export function shippingMethodOf(order: PurchaseOrder, id: string): ShippingMethod | undefined {
  return order.context.supplier.shippingMethods.find((method) => String(method.id) === id);
}

/** The address a method ships to when it has one (a pick-up point), else the dealer's delivery address. */
export function addressForMethod(order: PurchaseOrder, methodId: string): string {
  return shippingMethodOf(order, methodId)?.address || order.context.defaults.deliveryAddress;
}

/** §2/§3 defaults: the earliest date, the supplier's default method (and its address), the settings' instructions. */
export function reviewDefaults(order: PurchaseOrder, now: Date = new Date()): ReviewFormValues {
  const { supplier, defaults } = order.context;
  const shipping = needsShipping(order);
  const defaultMethod =
    supplier.shippingMethods.find((method) => method.id === supplier.defaultShippingMethodId) ??
    (supplier.shippingMethods.length === 1 ? supplier.shippingMethods[0] : undefined);
  const methodId = shipping && defaultMethod ? String(defaultMethod.id) : '';
  return {
    requiredDate: earliestRequiredDate(order, now),
    requiredDateBadInput: false,
    shippingMethodId: methodId,
    shippingAddress: shipping ? addressForMethod(order, methodId) : '',
    shippingInstructions: defaults.shippingInstructions,
    reference: '',
    orderStatus: '',
    eta: '',
    etaBadInput: false,
    notes: '',
  };
}

/** The review form's schema: the messages of §5 in the interface language. */
export function createReviewSchema(order: PurchaseOrder, t: TFunction, now: Date = new Date()) {
  const earliest = earliestRequiredDate(order, now);
  const shipping = needsShipping(order);
  const required = (label: string) => t('form.labelRequired', { label });
  return z
    .object({
      requiredDate: z.string(),
      requiredDateBadInput: z.boolean(),
      shippingMethodId: z.string(),
      shippingAddress: z.string().max(2000),
      shippingInstructions: z.string().max(2000),
      reference: z.string().max(200),
      orderStatus: z.string().max(200),
      eta: z.string(),
      etaBadInput: z.boolean(),
      notes: z.string().max(10000),
    })
    .superRefine((values, ctx) => {
      const problem = requiredDateProblem(values.requiredDate, values.requiredDateBadInput, earliest);
      if (problem)
        ctx.addIssue({
          code: 'custom',
          path: ['requiredDate'],
          message:
            problem === 'required'
              ? t('orderReview.requiredDateRequired')
              : problem === 'invalid'
                ? t('orderReview.invalidDate')
                : t('orderReview.earliestAllowed', { date: formatDate(localDay(earliest)) }),
        });
      if (shipping && !shippingMethodOf(order, values.shippingMethodId))
        ctx.addIssue({
          code: 'custom',
          path: ['shippingMethodId'],
          message: required(t('orderReview.shippingMethod')),
        });
      if (shipping && !values.shippingAddress.trim())
        ctx.addIssue({
          code: 'custom',
          path: ['shippingAddress'],
          message: required(t('orderReview.shippingAddress')),
        });
      if (values.etaBadInput || (values.eta.trim() !== '' && !isDay(values.eta)))
        ctx.addIssue({ code: 'custom', path: ['eta'], message: t('orderReview.invalidDate') });
    });
}

export type ProblemLine = { id: number; windowGroupName: string; product: string; message: string };

export type SubmitBlock =
  | { kind: 'errors'; lines: ProblemLine[] }
  | { kind: 'zeroQuantity' }
  | { kind: 'pendingUpdates' }
  | null;

/** §5: products with errors, or nothing to order, or supplier updates still to apply, block a submission. */
export function submitBlock(order: PurchaseOrder): SubmitBlock {
  const lines = order.context.orderLines
    .filter((line) => line.context.errors.length > 0)
    .map((line) => ({
      id: line.id,
      windowGroupName: line.windowGroupName,
      product: line.context.product.name,
      message: line.context.errors.map((error) => error.message).join(' '),
    }));
  if (lines.length > 0) return { kind: 'errors', lines };
  if (order.totalQuantity <= 0) return { kind: 'zeroQuantity' };
  if (order.context.pendingUpdates.hasPendingUpdates) return { kind: 'pendingUpdates' };
  return null;
}

/** What the PDF preview is made with (the shipping fields only when the supplier ships). */
export function pdfShipping(order: PurchaseOrder, values: ReviewFormValues): PdfShipping {
  const shipping = needsShipping(order);
  return {
    requiredDate: values.requiredDate,
    shippingMethodId: shipping && values.shippingMethodId ? Number(values.shippingMethodId) : null,
    shippingAddress: shipping ? values.shippingAddress : '',
    shippingInstructions: values.shippingInstructions,
  };
}

/** §7 POST /old/quotes/{id}/convert: the submission, with the manual supplier order when there is one. */
export function submitBody(order: PurchaseOrder, values: ReviewFormValues): SubmitOrderBody {
  const shipping = pdfShipping(order, values);
  const manual = isManualSupplier(order);
  return {
    type: 'purchase_order',
    process_type: manual ? 'manual' : 'submit',
    orderOnline: !manual,
    required_date: values.requiredDate,
    shipping_address: shipping.shippingAddress.trim() || null,
    shipping_method_id: shipping.shippingMethodId,
    shipping_instructions: values.shippingInstructions.trim() || null,
    ...(manual
      ? {
          offline_supplier_order: {
            reference: values.reference.trim(),
            orderStatus: values.orderStatus.trim(),
            eta: values.eta.trim() || null,
            notes: values.notes.trim(),
          },
        }
      : {}),
  };
}

const SERVER_FIELDS: Record<string, ReviewField> = {
  required_date: 'requiredDate',
  shipping_method_id: 'shippingMethodId',
  shipping_address: 'shippingAddress',
  shipping_instructions: 'shippingInstructions',
  'offline_supplier_order.reference': 'reference',
  'offline_supplier_order.orderStatus': 'orderStatus',
  'offline_supplier_order.eta': 'eta',
  'offline_supplier_order.notes': 'notes',
};

/** The review field a server refusal's `fields[].path` names (snake or camel case), if any. */
export function reviewFieldOfPath(path: string): ReviewField | undefined {
  const known = SERVER_FIELDS[path];
  if (known) return known;
  const camel = path.replace(/^offline_supplier_order\./, '') as ReviewField;
  const fields: ReviewField[] = [
    'requiredDate',
    'shippingMethodId',
    'shippingAddress',
    'shippingInstructions',
    'reference',
    'orderStatus',
    'eta',
    'notes',
  ];
  return fields.includes(camel) ? camel : undefined;
}

/** The step a field is typed on (a refusal takes the dealer back there). */
export const stepOfField = (field: ReviewField): ReviewStep =>
  field === 'reference' || field === 'orderStatus' || field === 'eta' || field === 'notes'
    ? 'supplierOrder'
    : 'form';
