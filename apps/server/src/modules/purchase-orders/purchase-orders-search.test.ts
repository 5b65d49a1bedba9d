import { describe, expect, it } from 'vitest';
import { searchWordPrefixes } from './purchase-orders.repository';

// The list's search by word (migration 0021): which of a search's words must start a word of the
// order's text, as a tsquery of prefixes. Any word it names must follow a space in the search.
describe('searchWordPrefixes', () => {
  it('names each word after a space, as a prefix, and none of a single word', () => {
    expect(searchWordPrefixes('customer 4321')).toBe("'4321':*");
    expect(searchWordPrefixes('ring jones house')).toBe("'jones':* & 'house':*");
    expect(searchWordPrefixes('RING Jones')).toBe("'Jones':*");
    expect(searchWordPrefixes('harbour')).toBeUndefined();
    expect(searchWordPrefixes('customer  4321')).toBe("'4321':*");
  });

  it('leaves out words shorter than three, or with anything but ASCII letters and digits', () => {
    expect(searchWordPrefixes('ring jo')).toBeUndefined();
    expect(searchWordPrefixes('# 12')).toBeUndefined();
    expect(searchWordPrefixes("o'brien o'neil")).toBeUndefined();
    expect(searchWordPrefixes('100% _abc')).toBeUndefined();
    expect(searchWordPrefixes('rue café crème')).toBeUndefined();
    expect(searchWordPrefixes('a\tbcd efg')).toBe("'efg':*");
  });

  it('cuts a long word at 64 characters, as the index cuts the order’s words', () => {
    const long = 'x'.repeat(70);
    expect(searchWordPrefixes(`a ${long}`)).toBe(`'${'x'.repeat(64)}':*`);
  });
});
