import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer';

/** The API's compression settings, shared with @fastify/compress in app.ts. */
export const BROTLI_QUALITY = 3;
export const GZIP_LEVEL = 6;

/**
 * An answer already written as JSON by the route's own serializer (the same bytes, the same
 * check against the contract), kept with its compressed forms, made when first asked for. A
 * route handler may return one instead of the value (`route()` sends it as it is): for answers
 * worth keeping between requests (the quote detail's cache, decision 014). `T` is the value it
 * was written from, so a handler cannot return one of another contract's answers.
 */
export class SerializedJson<T> {
  declare readonly value: T;
  private br: Buffer | undefined;
  private gzip: Buffer | undefined;

  constructor(readonly json: Buffer) {}

  encoded(encoding: 'br' | 'gzip'): Buffer {
    if (encoding === 'br') {
      this.br ??= zlib.brotliCompressSync(this.json, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.json.length,
        },
      });
      return this.br;
    }
    this.gzip ??= zlib.gzipSync(this.json, { level: GZIP_LEVEL });
    return this.gzip;
  }
}

/**
 * Writes values of a contract's response schema to SerializedJson with exactly the serializer the
 * route uses (so a 500 for an answer that breaks the contract is thrown here, as it would be there).
 */
export function jsonWriter<S extends z.ZodType>(
  schema: S,
): (value: z.output<S>) => SerializedJson<z.output<S>> {
  const serialize = responseSerializerCompiler({ schema, method: 'GET', url: '', httpStatus: '200' });
  return (value) => new SerializedJson(Buffer.from(serialize(value), 'utf8'));
}

/**
 * JSON a statement wrote for a contract's answer (row_to_json over the contract's keys in order),
 * sent as it is: the route's serializer does not see it, so the statement's tests hold it to the
 * contract (parsed strictly and written again by the contract's serializer, byte for byte).
 * Only for answers built that way; a value goes through jsonWriter.
 */
export function jsonWrittenByDatabase<T>(json: string): SerializedJson<T> {
  return new SerializedJson<T>(Buffer.from(json, 'utf8'));
}

/** The encoding to send: br, else gzip, when the request accepts it (q > 0). */
export function chooseEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set<string>();
  for (const part of [header ?? ''].flat().join(',').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * Sends a SerializedJson: compressed here when the client takes br or gzip (the compress plugin
 * leaves an answer with a Content-Encoding alone), otherwise the JSON, which the plugin treats as
 * any other answer.
 */
export function sendSerialized(
  request: FastifyRequest,
  reply: FastifyReply,
  body: SerializedJson<unknown>,
): Buffer {
  reply.header('content-type', 'application/json; charset=utf-8');
  const encoding = body.json.length >= 1024 ? chooseEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return body.json;
  reply.header('content-encoding', encoding);
  reply.header('vary', 'accept-encoding');
  return body.encoded(encoding);
}
