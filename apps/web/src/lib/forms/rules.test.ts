import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { createRules, isPhone } from './rules';

const rules = () => createRules(i18n.t);
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('form rules (foundation §5)', () => {
  it('required: "This field is required", or a custom message', () => {
    expect(firstMessage(rules().required().safeParse(''))).toBe('This field is required');
    expect(firstMessage(rules().required().safeParse('   '))).toBe('This field is required');
    expect(firstMessage(rules().required().safeParse(undefined))).toBe('This field is required');
    expect(firstMessage(rules().required('Pick one').safeParse(''))).toBe('Pick one');
    expect(rules().required().safeParse('x').success).toBe(true);
  });

  it('required text: "{label} is required"', () => {
    expect(firstMessage(rules().requiredText('Company name').safeParse(''))).toBe('Company name is required');
  });

  it('required value: any empty value is "This field is required"', () => {
    const schema = rules().requiredValue(rules().required());
    expect(firstMessage(schema.safeParse(null))).toBe('This field is required');
  });

  it('pattern: "Please enter a valid value" or a custom message; allow-blank accepts ""', () => {
    expect(firstMessage(rules().pattern(/^\d+$/).safeParse('abc'))).toBe('Please enter a valid value');
    expect(firstMessage(rules().pattern(/^\d+$/, { message: 'Digits only' }).safeParse('abc'))).toBe(
      'Digits only',
    );
    expect(firstMessage(rules().pattern(/^\d+$/).safeParse(''))).toBe('Please enter a valid value');
    expect(rules().pattern(/^\d+$/, { allowBlank: true }).safeParse('').success).toBe(true);
  });

  it('email, with and without blanks allowed', () => {
    expect(rules().email().safeParse('dana@harbourblinds.example').success).toBe(true);
    expect(firstMessage(rules().email().safeParse('dana@'))).toBe('Please enter a valid email address');
    expect(rules().email().safeParse('').success).toBe(false);
    expect(rules().email({ allowBlank: true }).safeParse('').success).toBe(true);
    expect(rules().email({ allowBlank: true }).safeParse('nope').success).toBe(false);
  });

  it('Australian-style phone numbers, with and without blanks allowed', () => {
    for (const ok of [
      '02 9876 5432',
      '(02) 9876 5432',
      '0412 345 678',
      '+61 412 345 678',
      '+61 2 9876 5432',
      '1300 123 456',
      '1800-123-456',
      '13 12 34',
    ]) {
      expect(isPhone(ok), ok).toBe(true);
    }
    for (const bad of ['12345', '0512 345 678', '+1 415 555 0100', '04123456789', 'call me']) {
      expect(isPhone(bad), bad).toBe(false);
    }
    expect(firstMessage(rules().phone().safeParse('12'))).toBe('Please enter a valid phone number');
    expect(rules().phone().safeParse('').success).toBe(false);
    expect(rules().phone({ allowBlank: true }).safeParse('').success).toBe(true);
  });
});
