import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it('sends the UTF-8 name in filename* and an ASCII fallback any client can read', () => {
    expect(contentDisposition('inline', 'Łódź logo ✓.png')).toBe(
      'inline; filename="_odz logo _.png"; filename*=UTF-8\'\'%C5%81%C3%B3d%C5%BA%20logo%20%E2%9C%93.png',
    );
    expect(contentDisposition('attachment', 'quote.pdf')).toBe(
      'attachment; filename="quote.pdf"; filename*=UTF-8\'\'quote.pdf',
    );
  });

  it('keeps quotes, backslashes, percent signs and control characters out of the header', () => {
    expect(contentDisposition('attachment', 'a"b\\c%d\r\ne\u0000(1).txt')).toBe(
      'attachment; filename="a_b_c_de(1).txt"; filename*=UTF-8\'\'a%22b%5Cc%25de%281%29.txt',
    );
    expect(contentDisposition('attachment', '\u0007')).toBe(
      'attachment; filename="download"; filename*=UTF-8\'\'download',
    );
  });
});
