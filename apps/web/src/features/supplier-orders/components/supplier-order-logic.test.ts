import type { OfflineSupplierOrder } from '@slat/contracts';
import { describe, expect, it } from 'vitest';
import { parseSupplierOrderEvent } from '../api/live-updates';
import {
  acknowledgementKey,
  formFieldOf,
  historyPages,
  idOf,
  offlineBody,
  offlineFormSchema,
  offlineFormValues,
  safeLink,
  savedValues,
} from './supplier-order-logic';

const saved: OfflineSupplierOrder = {
  id: '57',
  reference: 'SV-1001',
  orderStatus: 'In production',
  requiredDate: '2026-12-10',
  eta: null,
  notes: '',
  shippingMethod: { id: 3, name: 'Courier' },
  shippingAddress: '4 Bay St',
  shippingInstructions: '',
  freight: '45.50',
  trackingInformation: '',
  manufacturerId: 12,
  isOffline: true,
};

const messages = { freightInvalid: 'bad freight', freightTooLarge: 'too much', dateInvalid: 'Invalid date' };

describe('the manual supplier order editor', () => {
  it('starts from the order as saved, with no date or method shown as empty', () => {
    expect(offlineFormValues({ ...saved, shippingMethod: null })).toMatchObject({
      reference: 'SV-1001',
      requiredDate: '2026-12-10',
      eta: '',
      freight: '45.50',
      shippingMethodId: '',
    });
  });

  it('sends the freight exactly as typed and an emptied field as none', () => {
    const values = { ...offlineFormValues(saved), freight: '12.5', eta: '', shippingMethodId: '' };
    expect(offlineBody(saved, values)).toMatchObject({
      id: '57',
      manufacturerId: 12,
      freight: '12.5',
      eta: null,
      shippingMethodId: null,
      requiredDate: '2026-12-10',
    });
    expect(offlineBody(saved, { ...values, freight: ' ' }).freight).toBeNull();
  });

  it('keeps the freight as typed after a save of the same amount', () => {
    const typed = { ...offlineFormValues(saved), freight: '45.5' };
    expect(savedValues({ ...saved, freight: '45.50' }, typed).freight).toBe('45.5');
    expect(savedValues({ ...saved, freight: '46.00' }, typed).freight).toBe('46.00');
    expect(savedValues({ ...saved, freight: null }, { ...typed, freight: '' }).freight).toBe('');
  });

  it('refuses a freight that is not an amount instead of changing it', () => {
    const schema = offlineFormSchema(messages);
    const base = offlineFormValues(saved);
    for (const freight of ['12,50', '-3', '1.005', 'abc']) {
      const result = schema.safeParse({ ...base, freight });
      expect(result.success, freight).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['freight'], message: 'bad freight' });
    }
    expect(schema.safeParse({ ...base, freight: '1000000.01' }).error?.issues[0]?.message).toBe('too much');
    expect(schema.safeParse({ ...base, freight: '0' }).success).toBe(true);
  });

  it('says a half-typed date is invalid rather than clearing it', () => {
    const result = offlineFormSchema(messages).safeParse({
      ...offlineFormValues(saved),
      eta: '',
      etaBadInput: true,
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['eta'], message: 'Invalid date' }),
    ]);
  });

  it("puts the server's refusal on the field it names", () => {
    expect(formFieldOf('body.freight')).toBe('freight');
    expect(formFieldOf('eta')).toBe('eta');
    expect(formFieldOf('body.manufacturerId')).toBeNull();
  });
});

describe('supplier order history and links', () => {
  it('pages the history 40 at a time', () => {
    expect(historyPages(0)).toBe(1);
    expect(historyPages(40)).toBe(1);
    expect(historyPages(41)).toBe(2);
  });

  it('follows only web addresses a supplier gives for tracking', () => {
    expect(safeLink('https://track.example/abc')).toBe('https://track.example/abc');
    expect(safeLink('javascript:alert(1)')).toBeNull();
    expect(safeLink('not a link')).toBeNull();
  });

  it('names an unanswered order and reads only canonical ids', () => {
    expect(acknowledgementKey('')).toBe('NONE');
    expect(acknowledgementKey('REJECTED')).toBe('REJECTED');
    expect(idOf('42')).toBe(42);
    expect(idOf('042')).toBe(0);
    expect(idOf('0x10')).toBe(0);
  });

  it('reads a live change and ignores a malformed one', () => {
    expect(parseSupplierOrderEvent('{"orderId":4,"supplierOrderId":9}')).toEqual({
      orderId: 4,
      supplierOrderId: 9,
    });
    expect(parseSupplierOrderEvent('{"orderId":"4"}')).toBeNull();
    expect(parseSupplierOrderEvent('nope')).toBeNull();
  });
});
