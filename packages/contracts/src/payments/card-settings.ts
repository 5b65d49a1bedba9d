import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/** Settings → Integrations: the dealer's connected card account (card payments are direct charges on it). */
export const cardPaymentSettingsSchema = z.object({
  /** Stripe's connected account id (acct_…), '' when not set; card payments need it. */
  accountId: z.string(),
  mode: z.enum(['stripe', 'test']),
});
export type CardPaymentSettings = z.infer<typeof cardPaymentSettingsSchema>;

export const getCardPaymentSettings = defineEndpoint({
  method: 'GET',
  path: '/account-settings/card-payments',
  summary: "The dealer's connected card account",
  auth: 'session',
  response: cardPaymentSettingsSchema,
});

export const updateCardPaymentSettings = defineEndpoint({
  method: 'PUT',
  path: '/account-settings/card-payments',
  summary: "Set or clear the dealer's connected card account",
  auth: 'session',
  body: z.strictObject({
    accountId: z
      .string()
      .trim()
      .regex(/^(acct_[A-Za-z0-9]{6,64})?$/, 'Enter the connected account id, like acct_1AbCdEf…'),
  }),
  response: cardPaymentSettingsSchema,
});
