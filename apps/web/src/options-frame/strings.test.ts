import { lineErrorMessages as contractLineErrors, quoteMessages } from '@slat/contracts';
import { describe, expect, it } from 'vitest';
import {
  finishProductMessage,
  frameLanguage,
  frameStrings,
  lineErrorMessages,
  lineErrorText,
} from './strings';

// The frame copies the spec's messages (it cannot import the contracts' index, which pulls zod):
// these fail the moment a copy and its original differ.
describe('options frame strings', () => {
  it('are the contracts’ §8 line error messages, letter for letter', () => {
    expect(lineErrorMessages).toEqual(contractLineErrors);
  });

  it('ask to finish the product exactly as the quote screens do', () => {
    expect(finishProductMessage).toBe(quoteMessages.finishProduct);
    expect(finishProductMessage).toBe('Specify options to finish setting up this product');
  });

  it('show OPTIONS_NOT_SELECTED as the request to finish, the others as §8 says', () => {
    expect(lineErrorText({ code: 'OPTIONS_NOT_SELECTED', message: 'Options not selected yet.' })).toBe(
      'Specify options to finish setting up this product',
    );
    expect(lineErrorText({ code: 'BAD_SIZE', message: 'anything' })).toBe(
      'Specified width/height is not allowed.',
    );
    expect(lineErrorText({ code: 'INVALID_OPTIONS', message: '' })).toBe('Invalid options selected.');
    expect(lineErrorText({ code: 'MISSING_REQUIRED_OPTIONS', message: '' })).toBe(
      'Missing required options.',
    );
    // a code the frame does not know yet: the server's own words
    expect(lineErrorText({ code: 'NEW_CODE', message: 'Something new.' })).toBe('Something new.');
  });

  it('have every string in Polish too, and fall back to English', () => {
    expect(Object.keys(frameStrings.pl).sort()).toEqual(Object.keys(frameStrings.en).sort());
    for (const [key, value] of Object.entries(frameStrings.pl)) {
      if (typeof value === 'string') expect(value, key).not.toBe('');
    }
    expect(frameLanguage('pl')).toBe('pl');
    expect(frameLanguage('en')).toBe('en');
    expect(frameLanguage(null)).toBe('en');
    expect(frameLanguage('de')).toBe('en');
  });
});
