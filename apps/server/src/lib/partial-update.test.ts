import { describe, expect, it } from 'vitest';
import { sentFields } from './partial-update';

describe('sentFields', () => {
  it('keeps sent values (null and empty ones too) and drops what was left out', () => {
    expect(sentFields({ name: 'Harbour', phone: undefined, address: null, notes: '', count: 0 })).toEqual({
      name: 'Harbour',
      address: null,
      notes: '',
      count: 0,
    });
    expect(sentFields({ a: undefined })).toEqual({});
  });
});
