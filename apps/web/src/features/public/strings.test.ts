import { customerQuoteMessages, publicPaymentMessages } from '@slat/contracts';
import { describe, expect, it } from 'vitest';
import { en } from '../../lib/i18n/locales/en';
import { genericText, paymentText, quoteText } from './strings';

// The public document copies the spec's messages (importing the contracts would bring zod): the
// copies must stay letter for letter what the contracts say.
describe("the customer's pages' messages", () => {
  it('are the payment messages of the contracts', () => {
    const { notPayable: _serverOnly, ...shown } = publicPaymentMessages;
    expect(paymentText).toEqual(shown);
  });

  it('are the customer quote messages of the contracts', () => {
    expect(quoteText).toEqual(customerQuoteMessages);
  });

  it("use the SPA's generic error (foundation §8)", () => {
    expect(genericText).toEqual({ title: en.errors.genericTitle, body: en.errors.genericMessage });
  });
});
