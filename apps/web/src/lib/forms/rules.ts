import type { TFunction } from 'i18next';
import { z } from 'zod';

/** Plain addresses: something@domain.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Australian-style phone numbers once spaces, dashes, dots and brackets are removed: landline
 * and mobile with 0 or +61 (02 9876 5432, 0412 345 678, +61 412 345 678), and 1300/1800/13 numbers.
 */
const PHONE_PATTERN = /^(?:(?:\+?61|0)[2-478]\d{8}|1[38]00\d{6}|13\d{4})$/;

export function isPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.replace(/[\s\-.()]/g, ''));
}

type PatternOptions = { message?: string; allowBlank?: boolean };

/**
 * The generic form rules of foundation §5, as zod schemas with translated messages.
 * Build them with the current `t` (useFormRules) so a language switch re-labels them.
 */
export function createRules(t: TFunction) {
  const text = () => z.string({ error: () => t('form.required') }).trim();
  const blankOr = (
    schema: z.ZodString,
    allowBlank: boolean | undefined,
    test: (v: string) => boolean,
    message: string,
  ) => (allowBlank ? schema.refine((v) => v === '' || test(v), message) : schema.refine(test, message));
  return {
    /** 'This field is required' (or a custom message). */
    required: (message?: string) => text().min(1, message ?? t('form.required')),
    /** Text fields: '{label} is required'. */
    requiredText: (label: string) => text().min(1, t('form.labelRequired', { label })),
    /** Any value that is not empty ('' , null, undefined). */
    requiredValue: <T extends z.ZodType>(schema: T, message?: string) =>
      z
        .any()
        .refine((v) => v !== undefined && v !== null && v !== '', message ?? t('form.required'))
        .pipe(schema),
    /** 'Please enter a valid value' (or a custom message). */
    pattern: (pattern: RegExp, { message, allowBlank }: PatternOptions = {}) =>
      blankOr(text(), allowBlank, (v) => pattern.test(v), message ?? t('form.pattern')),
    email: ({ message, allowBlank }: PatternOptions = {}) =>
      blankOr(text(), allowBlank, (v) => EMAIL_PATTERN.test(v), message ?? t('form.email')),
    phone: ({ message, allowBlank }: PatternOptions = {}) =>
      blankOr(text(), allowBlank, isPhone, message ?? t('form.phone')),
  };
}

export type FormRules = ReturnType<typeof createRules>;
