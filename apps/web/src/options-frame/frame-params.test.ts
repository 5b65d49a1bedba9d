import { describe, expect, it } from 'vitest';
import { optionsFrameUrl } from '../lib/options-frame-protocol';
import { asOrigin, readLineAddress, readParentOrigin, trustedParentOrigins } from './frame-params';

const at = (url: string) => {
  const u = new URL(url);
  return { pathname: u.pathname, search: u.search };
};

describe('the frame address', () => {
  it('reads what optionsFrameUrl writes', () => {
    const url = optionsFrameUrl(
      'https://app.example',
      { lineId: 42, orderId: 3, windowId: 9 },
      'https://app.example',
    );
    expect(readLineAddress(at(url))).toEqual({ lineId: 42, orderId: 3, windowId: 9 });
    expect(readParentOrigin(at(url))).toBe('https://app.example');
  });

  it.each([
    'https://a.example/product-options/42?orderId=3',
    'https://a.example/product-options/42?windowId=9',
    'https://a.example/product-options/x?orderId=3&windowId=9',
    'https://a.example/product-options/0?orderId=3&windowId=9',
    'https://a.example/product-options/42?orderId=-3&windowId=9',
    'https://a.example/product-options/42?orderId=3.5&windowId=9',
    'https://a.example/product-options/42?orderId=3&windowId=1e3',
    'https://a.example/elsewhere/42?orderId=3&windowId=9',
  ])('names no line: %s', (url) => {
    expect(readLineAddress(at(url))).toBeUndefined();
  });

  it('takes a parent origin only when it is exactly an origin', () => {
    expect(asOrigin('http://localhost:3000')).toBe('http://localhost:3000');
    expect(asOrigin('https://app.example/')).toBeUndefined();
    expect(asOrigin('https://app.example/path')).toBeUndefined();
    expect(asOrigin('null')).toBeUndefined();
    expect(asOrigin('*')).toBeUndefined();
    expect(asOrigin('javascript:alert(1)')).toBeUndefined();
    expect(asOrigin(null)).toBeUndefined();
    expect(readParentOrigin({ search: '' })).toBeUndefined();
  });

  it('trusts its own origin, and the app origin the settings name', () => {
    expect(trustedParentOrigins('https://frame.example', undefined)).toEqual(['https://frame.example']);
    expect(trustedParentOrigins('https://frame.example', { appOrigin: 'https://app.example' })).toEqual([
      'https://frame.example',
      'https://app.example',
    ]);
    expect(trustedParentOrigins('https://app.example', { appOrigin: 'https://app.example' })).toEqual([
      'https://app.example',
    ]);
    expect(trustedParentOrigins('https://frame.example', { appOrigin: 'not a url' })).toEqual([
      'https://frame.example',
    ]);
    expect(trustedParentOrigins('https://frame.example', { appOrigin: 7 })).toEqual([
      'https://frame.example',
    ]);
  });
});
