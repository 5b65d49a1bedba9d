import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it('rates common and empty passwords very weak', () => {
    expect(passwordStrength('')).toEqual({ score: 0, label: 'Very weak' });
    expect(passwordStrength('Password').score).toBe(0);
    expect(passwordStrength('12345678').score).toBe(0);
  });

  it('rates long varied passwords strong', () => {
    expect(passwordStrength('Harbour-Blinds-2041!').label).toBe('Strong');
    expect(passwordStrength('correct horse battery staple').score).toBeGreaterThanOrEqual(3);
  });

  it('pulls down repeated and sequential runs', () => {
    expect(passwordStrength('aaaaaaaaaaaa').score).toBeLessThan(passwordStrength('kqzmwpxrtvly').score);
    expect(passwordStrength('abcd1234efgh').score).toBeLessThan(passwordStrength('kq7z!mW9pxRt').score);
  });

  it('never scores outside 0..4', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (p) => {
        const { score } = passwordStrength(p);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(4);
      }),
    );
  });
});
