import { z } from 'zod';

/** A percentage or money amount on the wire: a decimal string (numbers are accepted on input). */
export const decimalString = (opts: { max?: number; maxDecimals?: number; label?: string } = {}) =>
  z
    .union([z.number(), z.string().trim()])
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .pipe(
      z
        .string()
        .regex(
          new RegExp(`^\\d+(\\.\\d{1,${opts.maxDecimals ?? 2}})?$`),
          opts.label ? `${opts.label} must be a number of at least 0` : 'Must be a number of at least 0',
        )
        .refine((v) => opts.max === undefined || Number(v) <= opts.max, {
          message: `${opts.label ?? 'Value'} must be at most ${opts.max}`,
        }),
    );

export const successSchema = z.object({ success: z.literal(true) });

export const adjustmentTypeSchema = z.enum(['PERCENT_MARK_UP', 'PERCENT_MARGIN']);
