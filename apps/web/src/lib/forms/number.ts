import { z } from 'zod';

/**
 * A required number from a NumberField (null while empty) within [min, max]; messages given by
 * the caller so they stay translated.
 */
export function requiredNumber(opts: { min: number; max: number; required: string; range: string }) {
  return z
    .number()
    .nullable()
    .superRefine((v, ctx) => {
      if (v === null) ctx.addIssue({ code: 'custom', message: opts.required });
      else if (v < opts.min || v > opts.max) ctx.addIssue({ code: 'custom', message: opts.range });
    })
    .transform((v) => v ?? 0);
}
