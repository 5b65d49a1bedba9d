import '../../strings';
import { purchaseOrderMessages } from '@slat/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../../lib/i18n/i18n';
import {
  createReviewSchema,
  earliestRequiredDate,
  type ReviewFormValues,
  requiredDateProblem,
  reviewDefaults,
  reviewFieldOfPath,
  reviewSteps,
  submitBlock,
  submitBody,
} from './review-logic';
import { makeLine, makeOrder, suppliers } from './testing-fixtures';

const now = new Date(2030, 2, 5, 15, 30);

const issues = (order = makeOrder(), values: Partial<ReviewFormValues> = {}) => {
  const result = createReviewSchema(order, i18n.t, now).safeParse({
    ...reviewDefaults(order, now),
    ...values,
  });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the review steps', () => {
  it('are form then review for an online or internal supplier, with the supplier order last for a manual one', () => {
    expect(reviewSteps(makeOrder())).toEqual(['form', 'review']);
    expect(reviewSteps(makeOrder({ supplier: suppliers.internal }))).toEqual(['form', 'review']);
    expect(reviewSteps(makeOrder({ supplier: suppliers.offline }))).toEqual([
      'form',
      'review',
      'supplierOrder',
    ]);
  });
});

describe('the required date', () => {
  it('defaults to the order’s minimum required date, else tomorrow', () => {
    expect(reviewDefaults(makeOrder({ minRequiredDate: '2030-03-10' }), now).requiredDate).toBe('2030-03-10');
    expect(reviewDefaults(makeOrder({ minRequiredDate: null }), now).requiredDate).toBe('2030-03-06');
    expect(earliestRequiredDate(makeOrder({ minRequiredDate: null }), new Date(2030, 11, 31, 23, 59))).toBe(
      '2031-01-01',
    );
  });

  it('is required, a real date, and not before the earliest allowed', () => {
    expect(requiredDateProblem('', false, '2030-03-10')).toBe('required');
    expect(requiredDateProblem('', true, '2030-03-10')).toBe('invalid');
    expect(requiredDateProblem('2030-02-30', false, '2030-03-10')).toBe('invalid');
    expect(requiredDateProblem('20300-03-12', false, '2030-03-10')).toBe('invalid');
    expect(requiredDateProblem('2030-03-09', false, '2030-03-10')).toBe('earliest');
    expect(requiredDateProblem('2030-03-10', false, '2030-03-10')).toBeNull();
    expect(requiredDateProblem('2031-01-01', false, '2030-03-10')).toBeNull();
  });

  it('says §5’s messages exactly, the earliest date as the screen shows dates', () => {
    expect(issues(makeOrder(), { requiredDate: '' }).requiredDate).toBe(
      purchaseOrderMessages.requiredDateRequired,
    );
    expect(issues(makeOrder(), { requiredDate: '', requiredDateBadInput: true }).requiredDate).toBe(
      'Invalid date',
    );
    expect(issues(makeOrder(), { requiredDate: '2030-03-09' }).requiredDate).toBe(
      'Earliest allowed date is 10/03/2030',
    );
    expect(issues(makeOrder({ minRequiredDate: null }), { requiredDate: '2030-03-05' }).requiredDate).toBe(
      'Earliest allowed date is 06/03/2030',
    );
    expect(issues(makeOrder(), {})).toEqual({});
  });
});

describe('shipping', () => {
  it('defaults to the supplier’s default method, the dealer’s address and instructions', () => {
    const values = reviewDefaults(makeOrder(), now);
    expect(values.shippingMethodId).toBe('2');
    expect(values.shippingAddress).toBe('12 Harbour St, Sydney NSW 2000');
    expect(values.shippingInstructions).toBe('Leave at the back door');
  });

  it('defaults to the method’s own address when it has one', () => {
    const order = makeOrder({ supplier: { ...suppliers.online, defaultShippingMethodId: 1 } });
    expect(reviewDefaults(order, now).shippingAddress).toBe('1 Depot Rd, Botany NSW 2019');
  });

  it('needs a method and an address, named by their labels', () => {
    expect(issues(makeOrder(), { shippingMethodId: '', shippingAddress: '  ' })).toEqual({
      shippingMethodId: 'Shipping method is required',
      shippingAddress: 'Shipping address is required',
    });
  });

  it('is not asked of an internal supplier, nor sent', () => {
    const order = makeOrder({ supplier: suppliers.internal });
    expect(reviewDefaults(order, now).shippingMethodId).toBe('');
    expect(issues(order, { shippingAddress: '' })).toEqual({});
    const body = submitBody(order, reviewDefaults(order, now));
    expect(body.shipping_method_id).toBeNull();
    expect(body.shipping_address).toBeNull();
  });
});

describe('what blocks a submission', () => {
  it('lists the products with errors by window, product and message', () => {
    const order = makeOrder({
      lines: [
        makeLine(),
        makeLine({
          id: 2,
          errors: [{ code: 'BAD_SIZE', message: 'Specified width/height is not allowed.' }],
        }),
      ],
    });
    expect(submitBlock(order)).toEqual({
      kind: 'errors',
      lines: [
        {
          id: 2,
          windowGroupName: 'House/Lounge/Window 1',
          product: 'Roller Blind',
          message: 'Specified width/height is not allowed.',
        },
      ],
    });
  });

  it('is a total quantity of 0, or supplier updates still pending; nothing else', () => {
    expect(submitBlock(makeOrder({ totalQuantity: 0 }))).toEqual({ kind: 'zeroQuantity' });
    expect(submitBlock(makeOrder({ pendingUpdates: true }))).toEqual({ kind: 'pendingUpdates' });
    expect(submitBlock(makeOrder())).toBeNull();
  });
});

describe('the submission', () => {
  it('sends §7’s fields, and the supplier order typed by hand for a manual supplier', () => {
    const online = makeOrder();
    expect(submitBody(online, reviewDefaults(online, now))).toEqual({
      type: 'purchase_order',
      process_type: 'submit',
      orderOnline: true,
      required_date: '2030-03-10',
      shipping_address: '12 Harbour St, Sydney NSW 2000',
      shipping_method_id: 2,
      shipping_instructions: 'Leave at the back door',
    });
    const manual = makeOrder({ supplier: suppliers.offline });
    const values = {
      ...reviewDefaults(manual, now),
      shippingMethodId: '3',
      reference: ' SV-1 ',
      eta: '2030-04-01',
    };
    expect(submitBody(manual, values)).toMatchObject({
      orderOnline: false,
      shipping_method_id: 3,
      offline_supplier_order: { reference: 'SV-1', orderStatus: '', eta: '2030-04-01', notes: '' },
    });
  });

  it('finds the field a server refusal names', () => {
    expect(reviewFieldOfPath('required_date')).toBe('requiredDate');
    expect(reviewFieldOfPath('shipping_method_id')).toBe('shippingMethodId');
    expect(reviewFieldOfPath('offline_supplier_order.eta')).toBe('eta');
    expect(reviewFieldOfPath('(body)')).toBeUndefined();
  });
});
