import { z } from 'zod';

/** The four line error codes (§3) and their §8 messages. */
export const lineErrorMessages = {
  INVALID_OPTIONS: 'Invalid options selected.',
  OPTIONS_NOT_SELECTED: 'Options not selected yet.',
  MISSING_REQUIRED_OPTIONS: 'Missing required options.',
  BAD_SIZE: 'Specified width/height is not allowed.',
} as const;
export type LineErrorCodeName = keyof typeof lineErrorMessages;

export const quoteMessages = {
  /** OPTIONS_NOT_SELECTED is handled apart: the screen asks to finish the product. */
  finishProduct: 'Specify options to finish setting up this product',
  productsHaveErrors: 'One or more products have errors',
  noProducts: 'No products found',
  contactSupport: 'Please contact support for assistance',
  readOnly: 'This quote is read-only: it has been accepted or archived',
  unsavedChanges: 'You have unsaved changes. If you exit now your changes will be lost. Are you sure?',
} as const;

export const lineErrorSchema = z.object({
  code: z.enum(['INVALID_OPTIONS', 'OPTIONS_NOT_SELECTED', 'MISSING_REQUIRED_OPTIONS', 'BAD_SIZE']),
  message: z.string(),
});
export type LineError = z.infer<typeof lineErrorSchema>;
