import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from './app-error';

export type Upload = { buffer: Buffer; filename: string; extension: string; mimeType: string };

/** Extensions whose content file-type recognises, with the types that content may have. */
const BINARY_TYPES: Record<string, string[]> = {
  png: ['image/png'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  pdf: ['application/pdf'],
  doc: ['application/x-cfb'],
  xls: ['application/x-cfb'],
  msg: ['application/x-cfb'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/zip'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip'],
};
const TEXT_TYPES: Record<string, string> = { json: 'application/json', csv: 'text/csv', txt: 'text/plain' };

const bad = (message: string, code: 'VALIDATION_FAILED' | 'PAYLOAD_TOO_LARGE' = 'VALIDATION_FAILED') =>
  new AppError(code, message, [{ path: 'file', message }]);

/**
 * Reads one multipart file field and checks it three ways: size, extension, and content (the
 * bytes must be what the extension claims; text types must be UTF-8 text without NUL bytes).
 */
export async function readUpload(
  request: FastifyRequest,
  opts: { maxBytes: number; extensions: string[]; field: string },
): Promise<Upload> {
  if (!request.isMultipart()) throw bad('Send the file as multipart/form-data');
  const part = await request.file({ limits: { fileSize: opts.maxBytes, files: 1 } });
  if (!part || part.fieldname !== opts.field) throw bad(`Attach the file in the field '${opts.field}'`);
  const buffer = await part.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw bad(
        `The file is larger than ${Math.round(opts.maxBytes / 1024 / 1024) || 1} MB`,
        'PAYLOAD_TOO_LARGE',
      );
    }
    throw error;
  });
  const filename = path.basename(part.filename || 'upload');
  const extension = path.extname(filename).slice(1).toLowerCase();
  if (!opts.extensions.includes(extension)) {
    throw bad(`Only ${opts.extensions.map((e) => `.${e}`).join(', ')} files can be uploaded`);
  }
  if (buffer.length === 0) throw bad('The file is empty');
  const binary = BINARY_TYPES[extension];
  if (binary) {
    const detected = await fileTypeFromBuffer(buffer);
    if (!detected || !binary.includes(detected.mime))
      throw bad(`The file's content is not a .${extension} file`);
    return { buffer, filename, extension, mimeType: binary[0]! };
  }
  const text = TEXT_TYPES[extension];
  if (!text) throw bad(`Unsupported file type .${extension}`);
  if (buffer.includes(0) || !isUtf8(buffer)) throw bad(`The file's content is not a .${extension} text file`);
  return { buffer, filename, extension, mimeType: text };
}

function isUtf8(buffer: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    return true;
  } catch {
    return false;
  }
}
