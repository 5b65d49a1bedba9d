import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding } from './serialized-json';

/**
 * An HTML document the server writes settings into, with its brotli and gzip forms: made once
 * (at startup, or on a branded sign-in page's first request), at maximum compression since they
 * are kept, as the build does for the files it writes.
 */
export type CompressedPage = { html: string; br: Buffer; gzip: Buffer };

export function compressPage(html: string): CompressedPage {
  const bytes = Buffer.from(html, 'utf8');
  return {
    html,
    br: zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip: zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  };
}

/**
 * Compressed pages by their HTML, for documents that differ by host (the sign-in page's
 * branding): a few hosts in practice; the oldest is dropped past `limit`.
 */
export class CompressedPageCache {
  private readonly pages = new Map<string, CompressedPage>();

  constructor(private readonly limit = 64) {}

  get(html: string): CompressedPage {
    let page = this.pages.get(html);
    if (!page) {
      page = compressPage(html);
      if (this.pages.size >= this.limit) this.pages.delete(this.pages.keys().next().value as string);
      this.pages.set(html, page);
    }
    return page;
  }
}

/** Sends a page (never cached by the browser without asking) as br, gzip or plain, as the client accepts. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: CompressedPage) {
  reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(page.html);
  return reply.header('content-encoding', encoding).send(page[encoding]);
}
