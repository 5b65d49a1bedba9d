import type { Bundle } from '@slat/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { linkServiceUrl } from '../api/calendar';
import { calendarState } from '../routes/integration-settings-page';
import { templateValueErrors, templateValuesRequest } from './bundle-fields';
import { emailChips, emailListProblem } from './email-list';
import { quoteSettingsRequest, quoteSettingsSchema } from './quote-pricing';

describe('email chips', () => {
  it('marks invalid addresses and case-insensitive repeats', () => {
    expect(emailChips(' a@b.co , nope,, A@B.co, c@d.com.au ')).toEqual([
      { address: 'a@b.co', problem: null },
      { address: 'nope', problem: 'invalid' },
      { address: 'A@B.co', problem: 'duplicate' },
      { address: 'c@d.com.au', problem: null },
    ]);
  });

  it('reports the first problem of the list, or required when empty', () => {
    expect(emailListProblem('', true)).toBe('required');
    expect(emailListProblem(' , ', false)).toBeUndefined();
    expect(emailListProblem('a@b.co, a@b.co, bad', false)).toBe('duplicate');
    expect(emailListProblem('bad, a@b.co, a@b.co', false)).toBe('invalid');
    expect(emailListProblem('a@b.co, c@d.co', true)).toBeUndefined();
  });
});

const field = (templateKey: string, operator: 'FACTOR' | 'CURRENCY') => ({
  templateKey,
  label: templateKey,
  operator,
  value: null,
});

describe('bundle template fields', () => {
  const fields = [field('discount', 'FACTOR'), field('installFee', 'CURRENCY')];

  it('requires every value', () => {
    expect(templateValueErrors(fields, { discount: ' ', installFee: '' }, i18n.t)).toEqual({
      discount: 'This field is required',
      installFee: 'This field is required',
    });
  });

  it('keeps FACTOR within 0..1 and CURRENCY at least 0', () => {
    expect(templateValueErrors(fields, { discount: '1.01', installFee: '-1' }, i18n.t)).toEqual({
      discount: 'This field must be between 0 and 1',
      installFee: 'This field must be greater than 0',
    });
    expect(templateValueErrors(fields, { discount: '1', installFee: '0' }, i18n.t)).toEqual({});
    expect(templateValueErrors(fields, { discount: '0', installFee: '149.50' }, i18n.t)).toEqual({});
  });

  it('sends trimmed values keyed by templateKey', () => {
    expect(templateValuesRequest({ discount: ' 0.9 ', installFee: '120' })).toEqual({
      discount: '0.9',
      installFee: '120',
    });
  });
});

describe('quote pricing', () => {
  const values = {
    depositPercentage: 50,
    taxRatePercentage: 10,
    quotePricingTaxMode: 'INCLUSIVE' as const,
    accountAdjustmentType: 'PERCENT_MARGIN' as const,
    accountAdjustmentValue: 99.5,
    bindingText: '',
    companyDetails: '',
  };

  it('sends decimal strings and the tax rate only when it is shown', () => {
    expect(quoteSettingsRequest(values, true)).toMatchObject({
      depositPercentage: '50',
      taxRatePercentage: '10',
    });
    expect(quoteSettingsRequest(values, false)).not.toHaveProperty('taxRatePercentage');
    expect(quoteSettingsRequest({ ...values, depositPercentage: 12.345 }, false).depositPercentage).toBe(
      '12.35',
    );
  });

  it('refuses a margin of 100% or more and an empty deposit', () => {
    const schema = quoteSettingsSchema(i18n.t, false);
    const margin = schema.safeParse({ ...values, accountAdjustmentValue: 100 });
    expect(margin.success).toBe(false);
    expect(margin.error?.issues[0]?.message).toBe('A margin must be less than 100%');
    const empty = schema.safeParse({ ...values, depositPercentage: null, taxRatePercentage: null });
    expect(empty.error?.issues.map((i) => i.message)).toEqual(['Deposit percentage is required']);
  });
});

describe('calendar account', () => {
  const account = (connection: Parameters<typeof calendarState>[0] extends infer A ? A : never) => connection;
  it('tells the four states, loading and the load error apart', () => {
    expect(calendarState(undefined, false)).toBe('loading');
    expect(calendarState(undefined, true)).toBe('error');
    expect(calendarState(account({ connection: null, services: [] }), false)).toBe('notLinked');
    const linked = (provider: 'GOOGLE' | 'VIRTUAL_CALENDAR', status: 'VALID' | 'INVALID') => ({
      connection: { id: 1, provider, status, email: 'a@b.co' },
      services: [],
    });
    expect(calendarState(linked('GOOGLE', 'VALID'), false)).toBe('valid');
    expect(calendarState(linked('GOOGLE', 'INVALID'), false)).toBe('invalid');
    expect(calendarState(linked('VIRTUAL_CALENDAR', 'VALID'), false)).toBe('virtual');
  });

  it('sends the browser to the link service with callbackUrl and redirectUrl', () => {
    const url = new URL(
      linkServiceUrl('/api/account/microsoft/link?x=1', 'MICROSOFT', 'https://slat.example'),
    );
    expect(url.pathname).toBe('/api/account/microsoft/link');
    expect(url.searchParams.get('x')).toBe('1');
    expect(url.searchParams.get('callbackUrl')).toBe('https://slat.example/account/microsoft/callback');
    expect(url.searchParams.get('redirectUrl')).toBe('https://slat.example/settings/integrations');
  });
});

export type { Bundle };
