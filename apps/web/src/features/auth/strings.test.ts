import { describe, expect, it } from 'vitest';
import { untranslatedKeys } from '../../testing/i18n';
import { authEn, authPl } from './strings';

describe('i18n', () => {
  it('the Polish sample covers the sign-in and reset pages', () => {
    for (const section of ['auth', 'reset'] as const) {
      expect(untranslatedKeys(authEn[section], authPl[section]), section).toEqual([]);
    }
  });
});
