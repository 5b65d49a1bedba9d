import { getOrderLineOptions, updateOrderLine } from '@slat/contracts';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  type FrameLine,
  type OptionsDisplay,
  readErrorMessage,
  readOptionsDisplay,
  readSavedLine,
} from './display';
import { displayJson, lineJson } from './frame-fixtures';

// Compile-time: what the contracts answer fits what the frame reads (tsc fails on a drift).
type ContractDisplay = z.output<typeof getOrderLineOptions.response>['data'];
type ContractLine = z.output<typeof updateOrderLine.response>['data'];
const fitsDisplay = (d: ContractDisplay): OptionsDisplay => d;
const fitsLine = (l: ContractLine): FrameLine => l;

describe('reading the options answer by hand', () => {
  it('reads what the contract accepts, keeping only what the frame shows', () => {
    const payload = getOrderLineOptions.response.parse(displayJson({ selected: ['chain'] }));
    const display = readOptionsDisplay(payload);
    expect(display).toBeDefined();
    // every field the frame keeps has the contract's value
    expect(fitsDisplay(payload.data)).toMatchObject(display ?? {});
    expect(display?.line).not.toHaveProperty('windowGroupName');
    expect(display?.optionGroups.map((g) => g.options.map((o) => [o.key, o.selected]))).toEqual([
      [
        ['chain', true],
        ['motor', false],
      ],
      [
        ['snow', false],
        ['night', false],
      ],
    ]);
    expect(display?.optionGroups[1]?.options[0]?.fabric).toEqual({
      width: 118.125,
      repeat: 3,
      brand: 'Luxaflex',
      colour: 'Arctic White',
    });
  });

  it('reads a saved line, null prices included', () => {
    const payload = updateOrderLine.response.parse({ data: lineJson({ costPrice: null, sellPrice: null }) });
    const line = readSavedLine(payload);
    expect(line).toBeDefined();
    expect(fitsLine(payload.data)).toMatchObject(line ?? {});
    expect(line?.costPrice).toBeNull();
  });

  it.each([
    ['no data', {}],
    ['a null body', null],
    ['a text body', 'nope'],
    ['an unknown unit', { data: { ...displayJson().data, unit: 'cm' } }],
    ['a float price', { data: { ...displayJson().data, line: lineJson({ costPrice: '1e3' }) } }],
    ['groups not a list', { data: { ...displayJson().data, optionGroups: {} } }],
    [
      'an option without a key',
      {
        data: {
          ...displayJson().data,
          optionGroups: [{ key: 'g', name: 'G', required: true, options: [{ name: 'x' }] }],
        },
      },
    ],
    ['a pair of three', { data: { ...displayJson().data, incompatibleOptions: [['a', 'b', 'c']] } }],
    ['selected as text', { data: { ...displayJson().data, isReadOnly: 'no' } }],
  ])('answers undefined for %s', (_name, payload) => {
    expect(readOptionsDisplay(payload)).toBeUndefined();
  });

  it('finds the server’s error message, or nothing', () => {
    expect(
      readErrorMessage({ error: { code: 'CONFLICT', message: 'This quote is read-only', fields: [] } }),
    ).toBe('This quote is read-only');
    expect(readErrorMessage({ error: { message: '  ' } })).toBeUndefined();
    expect(readErrorMessage({ error: 'x' })).toBeUndefined();
    expect(readErrorMessage(undefined)).toBeUndefined();
  });
});
