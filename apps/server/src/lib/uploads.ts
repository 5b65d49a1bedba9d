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
const TEXT_TYPES: Record<string, string> = {
  json: 'application/json',
  csv: 'text/csv',
  txt: 'text/plain',
  vcf: 'text/vcard',
};
/** The type a download is served as (the sniffed container type of Office files is only 'zip' or 'cfb'). */
const MIME_BY_EXTENSION: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  msg: 'application/vnd.ms-outlook',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const bad = (message: string, code: 'VALIDATION_FAILED' | 'PAYLOAD_TOO_LARGE' = 'VALIDATION_FAILED') =>
  new AppError(code, message, [{ path: 'file', message }]);

/**
 * Reads one multipart file field and checks it three ways: size, extension, and content (the
 * bytes must be what the extension claims; text types must be UTF-8 text without NUL bytes).
 */
export async function readUpload(
  request: FastifyRequest,
  opts: { maxBytes: number; extensions: readonly string[]; field: string },
): Promise<Upload & { fields: Record<string, string> }> {
  if (!request.isMultipart()) throw bad('Send the file as multipart/form-data');
  const fields: Record<string, string> = {};
  let file: { buffer: Buffer; filename: string } | undefined;
  for await (const part of request.parts({ limits: { fileSize: opts.maxBytes, files: 1, fields: 20 } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    const buffer = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
        throw bad(
          `The file is larger than ${Math.round(opts.maxBytes / 1024 / 1024) || 1} MB`,
          'PAYLOAD_TOO_LARGE',
        );
      }
      throw error;
    });
    if (part.fieldname === opts.field) file = { buffer, filename: part.filename };
  }
  if (!file) throw bad(`Attach the file in the field '${opts.field}'`);
  const filename = path.basename(file.filename || 'upload');
  const extension = path.extname(filename).slice(1).toLowerCase();
  const buffer = file.buffer;
  if (!opts.extensions.includes(extension)) {
    throw bad(`Only ${opts.extensions.map((e) => `.${e}`).join(', ')} files can be uploaded`);
  }
  if (buffer.length === 0) throw bad('The file is empty');
  const binary = BINARY_TYPES[extension];
  if (binary) {
    const detected = await fileTypeFromBuffer(buffer);
    if (!detected || !binary.includes(detected.mime))
      throw bad(`The file's content is not a .${extension} file`);
    return { buffer, filename, extension, mimeType: MIME_BY_EXTENSION[extension] ?? binary[0]!, fields };
  }
  const text = TEXT_TYPES[extension];
  if (!text) throw bad(`Unsupported file type .${extension}`);
  if (buffer.includes(0) || !isUtf8(buffer)) throw bad(`The file's content is not a .${extension} text file`);
  return { buffer, filename, extension, mimeType: text, fields };
}

function isUtf8(buffer: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    return true;
  } catch {
    return false;
  }
}
