import { supplierOrderMessages } from '@slat/contracts';
import { describe, expect, it } from 'vitest';
import { supplierMessages } from './strings';

// The public document copies the spec's messages (importing the contracts would bring zod): the
// copies must stay letter for letter what the contracts say.
describe("the supplier's page messages", () => {
  it('are the supplier order messages of the contracts', () => {
    for (const [key, message] of Object.entries(supplierMessages))
      expect(message, key).toBe(supplierOrderMessages[key as keyof typeof supplierOrderMessages]);
  });
});
