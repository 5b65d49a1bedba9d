import { describe, expect, it } from 'vitest';
import { formatFabricSize, formatMoney, swatchColour } from './format';

describe('frame formats', () => {
  it('writes money as the SPA does, from the decimal string', () => {
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney('0')).toBe('$0.00');
    expect(formatMoney('0.1235')).toBe('$0.1235');
    expect(formatMoney('-12.00')).toBe('-$12.00');
    // no float round trip: 0.1 + 0.2 style values stay exact
    expect(formatMoney('123456789012.34')).toBe('$123,456,789,012.34');
  });

  it('writes a fabric width or repeat in the product’s unit', () => {
    expect(formatFabricSize(118.125, 'in')).toBe('118 1/8"');
    expect(formatFabricSize(3, 'in')).toBe('3"');
    expect(formatFabricSize(0.5, 'in')).toBe('1/2"');
    expect(formatFabricSize(36.375, 'in')).toBe('36 3/8"');
    expect(formatFabricSize(3000, 'mm')).toBe('3000 mm');
    expect(formatFabricSize(120.5, 'mm')).toBe('120.5 mm');
  });

  it('gives a colour name the same swatch every time, a named colour its own', () => {
    expect(swatchColour('Arctic White')).toBe('#ffffff');
    expect(swatchColour('CHARCOAL')).toBe('#36454f');
    expect(swatchColour('Stormy Grey')).toBe('#8d9096');
    const odd = swatchColour('Zephyr');
    expect(odd).toMatch(/^#[0-9a-f]{6}$/);
    expect(swatchColour('Zephyr')).toBe(odd);
  });
});
