import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from './app-error';

export type Upload = { buffer: Buffer; filename: string; extension: string; mimeType: string };

/** What a route accepts: one file in `field`, at most `maxBytes`, with one of these extensions. */
export type UploadRules = { maxBytes: number; extensions: readonly string[]; field: string };

const WORD = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const EXCEL = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const POWERPOINT = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** Extensions whose content file-type recognises, with the types that content may have. */
const BINARY_TYPES: Record<string, string[]> = {
  png: ['image/png'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  pdf: ['application/pdf'],
  doc: ['application/x-cfb'],
  xls: ['application/x-cfb'],
  msg: ['application/x-cfb'],
  docx: [WORD],
  xlsx: [EXCEL],
  pptx: [POWERPOINT],
};
/** The folder of an Office Open XML package's main part, beside its `[Content_Types].xml`. */
const OPEN_XML_FOLDERS: Record<string, string> = { docx: 'word/', xlsx: 'xl/', pptx: 'ppt/' };
const TEXT_TYPES: Record<string, string> = {
  json: 'application/json',
  csv: 'text/csv',
  txt: 'text/plain',
  vcf: 'text/vcard',
};
/** The type a download is served as (the sniffed container type of old Office files is only 'cfb'). */
const MIME_BY_EXTENSION: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  msg: 'application/vnd.ms-outlook',
};

/** The other fields of an upload form: how many, and how long each may be. */
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 32 * 1024;
/** What a request may add to its file: the other fields and the multipart envelope. */
const FORM_OVERHEAD_BYTES = MAX_FIELDS * MAX_FIELD_BYTES + 64 * 1024;

const bad = (message: string, code: 'VALIDATION_FAILED' | 'PAYLOAD_TOO_LARGE' = 'VALIDATION_FAILED') =>
  new AppError(code, message, [{ path: 'file', message }]);

/**
 * A refusal while the body is still arriving: the answer closes the connection, so the rest of the
 * body is never read (Node would otherwise read it all to keep the connection alive).
 */
const refuseEarly = (error: AppError) =>
  new AppError(error.code, error.message, error.fields, { ...error.headers, connection: 'close' });

const tooLarge = (maxBytes: number) =>
  bad(`The file is larger than ${Math.round(maxBytes / 1024 / 1024) || 1} MB`, 'PAYLOAD_TOO_LARGE');

/** The file's bytes, read no further than one byte past the limit. */
async function readAtMost(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Leaving the loop destroys the stream: the multipart parser stops reading the request.
    if (size > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** The other fields of the form, each checked as it arrives. */
function formField(name: string, value: string, truncated: boolean): string {
  const refuse = (message: string) => new AppError('VALIDATION_FAILED', message, [{ path: name, message }]);
  if (truncated) throw refuse(`The field '${name}' is longer than ${MAX_FIELD_BYTES / 1024} kB`);
  if (value.includes('\0')) throw refuse(`The field '${name}' contains a NUL character`);
  return value;
}

/**
 * Reads the one multipart file of a request and checks it: the declared length and the file's
 * name and extension before its bytes are read, its size while they are (the stream is abandoned
 * at the limit), then its content (the bytes must be what the extension claims; text types must
 * be UTF-8 text without NUL bytes). A refusal before the end of the body closes the connection.
 */
export async function readUpload(
  request: FastifyRequest,
  opts: UploadRules,
): Promise<Upload & { fields: Record<string, string> }> {
  if (!request.isMultipart()) throw bad('Send the file as multipart/form-data');
  const declared = Number(request.headers['content-length']);
  if (declared > opts.maxBytes + FORM_OVERHEAD_BYTES) throw refuseEarly(tooLarge(opts.maxBytes));
  const fields: Record<string, string> = {};
  let file: { buffer: Buffer; filename: string; extension: string } | undefined;
  let reading: Readable | undefined;
  const parts = request.parts({
    limits: { fileSize: opts.maxBytes + 1, files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = formField(part.fieldname, String(part.value), part.valueTruncated);
        continue;
      }
      reading = part.file;
      if (part.fieldname !== opts.field) throw bad(`Attach the file in the field '${opts.field}'`);
      const filename = path.basename(part.filename || 'upload');
      const extension = path.extname(filename).slice(1).toLowerCase();
      if (!opts.extensions.includes(extension)) throw wrongExtension(opts.extensions);
      file = { buffer: await readAtMost(part.file, opts.maxBytes), filename, extension };
      reading = undefined;
    }
  } catch (error) {
    reading?.destroy();
    throw error instanceof AppError ? refuseEarly(error) : error;
  }
  if (!file) throw bad(`Attach the file in the field '${opts.field}'`);
  return { ...(await checkContent(file)), fields };
}

const wrongExtension = (extensions: readonly string[]) =>
  bad(`Only ${extensions.map((e) => `.${e}`).join(', ')} files can be uploaded`);

/** The upload with its type, when its bytes are what its extension claims. */
async function checkContent({
  buffer,
  filename,
  extension,
}: {
  buffer: Buffer;
  filename: string;
  extension: string;
}): Promise<Upload> {
  if (buffer.length === 0) throw bad('The file is empty');
  const binary = BINARY_TYPES[extension];
  if (binary) {
    const detected = await fileTypeFromBuffer(buffer);
    const matches =
      (detected !== undefined && binary.includes(detected.mime)) ||
      (detected?.mime === 'application/zip' && isOpenXml(buffer, OPEN_XML_FOLDERS[extension]));
    if (!matches) throw bad(`The file's content is not a .${extension} file`);
    return { buffer, filename, extension, mimeType: MIME_BY_EXTENSION[extension] ?? binary[0]! };
  }
  const text = TEXT_TYPES[extension];
  if (!text) throw bad(`Unsupported file type .${extension}`);
  if (buffer.includes(0) || !isUtf8(buffer)) throw bad(`The file's content is not a .${extension} text file`);
  return { buffer, filename, extension, mimeType: text };
}

/**
 * Whether a ZIP is an Office Open XML package with its main part in `folder`: `[Content_Types].xml`
 * and a `word/` (`xl/`, `ppt/`) entry in its central directory. file-type names a document from its
 * `[Content_Types].xml`, which it cannot read in every writer's ZIP (entries streamed with data
 * descriptors), and a plain ZIP is only a ZIP.
 */
function isOpenXml(zip: Buffer, folder: string | undefined): boolean {
  if (!folder) return false;
  const names = zipEntryNames(zip);
  return names.includes('[Content_Types].xml') && names.some((n) => n.startsWith(folder));
}

const END_OF_CENTRAL_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;

/** The entry names in a ZIP's central directory; none when it has none this can read (ZIP64, damage). */
function zipEntryNames(zip: Buffer): string[] {
  // The end record (22 bytes and a comment of at most 65,535) closes the file.
  const end = zip.lastIndexOf(END_OF_CENTRAL_DIRECTORY);
  if (end < 0 || end < zip.length - 22 - 0xffff || end + 22 > zip.length) return [];
  const size = zip.readUInt32LE(end + 12);
  const start = zip.readUInt32LE(end + 16);
  if (start + size > end) return [];
  const names: string[] = [];
  for (let at = start; at + 46 <= start + size && zip.readUInt32LE(at) === CENTRAL_DIRECTORY_ENTRY; ) {
    const nameLength = zip.readUInt16LE(at + 28);
    names.push(zip.toString('utf8', at + 46, Math.min(at + 46 + nameLength, start + size)));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return names;
}

function isUtf8(buffer: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    return true;
  } catch {
    return false;
  }
}
