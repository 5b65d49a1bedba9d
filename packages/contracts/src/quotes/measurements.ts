import { z } from 'zod';

/** A size on the wire: the value and unit exactly as entered, and how it is shown (`36 3/8"`, `1200 mm`). */
export const measureSchema = z.object({
  /** Plain decimal in `unit`: whole millimetres, or inches in sixteenths ("36.375"). */
  value: z.string(),
  unit: z.enum(['mm', 'in']),
  display: z.string(),
});
export type MeasureOut = z.infer<typeof measureSchema>;

/**
 * A size in a request: a number in the unit (`1200`, `36.375`) or text (`"36 3/8"`). The server
 * checks it against the unit (whole millimetres; sixteenths, or quarters when the brand disables
 * fine fractions) and answers 400 naming the field.
 */
export const sizeInput = z.union([z.number().positive().max(1_000_000), z.string().trim().min(1).max(20)]);

export const unitInput = z.enum(['mm', 'in']);

export const measurementMessages = {
  required: (label: string) => `${label} is required`,
  metricWhole: 'Millimetres are whole numbers',
  imperialSixteenths: 'Inches are whole sixteenths',
  imperialQuarters: 'This brand takes halves and quarters of an inch only',
} as const;
