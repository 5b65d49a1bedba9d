import { once } from 'node:events';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import zlib from 'node:zlib';
import { CSRF_HEADER } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStore } from '../src/modules/files/index';
import { SESSION_COOKIE } from '../src/plugins/sessions';
import { createTestApp, signedInClient, type TestApp, type TestClient, uploadAs } from './harness';

// Uploads checked before they are read, read no further than their limit, stored only
// with their record, and Office Open XML files recognised by what they contain.
let t: TestApp;
let client: TestClient;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  client = await signedInClient(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const MB = 1024 * 1024;

/** Every file under DATA_DIR/files, temporary ones included. */
async function storedFiles(): Promise<string[]> {
  const root = path.join(path.dirname(t.outboxDir), 'files');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

const pdfUpload = { buffer: PDF, filename: 'a.pdf', extension: 'pdf', mimeType: 'application/pdf' };
const newestAccount = async () =>
  (await t.pool.query<{ id: number }>('SELECT id FROM accounts ORDER BY id DESC LIMIT 1')).rows[0]!.id;

const newDeal = async () => {
  const [wf] = (await client.get('/api/workflows')).json();
  return (await client.post('/api/deals', { workflowId: wf.id, name: 'Upload deal' })).json() as {
    id: number;
  };
};
const attach = (fields: Record<string, string>, filename: string, content: Buffer) =>
  uploadAs(client, '/api/old/documents', { field: 'document', filename, content }, fields);

describe('a refused upload leaves nothing behind', () => {
  it('a bad friendly_name (a NUL character) answers 400 and leaves no file on disk', async () => {
    const deal = await newDeal();
    const before = await storedFiles();
    const res = await attach(
      { friendly_name: 'Site\u0000photos', model: 'deal', model_id: String(deal.id) },
      'site.pdf',
      PDF,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields[0].path).toBe('friendly_name');
    expect(await storedFiles()).toEqual(before);
    // The same upload with a good name is stored, once.
    const ok = await attach(
      { friendly_name: 'Site photos', model: 'deal', model_id: String(deal.id) },
      'site.pdf',
      PDF,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await storedFiles()).toHaveLength(before.length + 1);
  });

  it('the file store removes the file when the record refuses it, and moves it into place when it commits', async () => {
    const accountId = await newestAccount();
    const count = async () =>
      (await t.pool.query('SELECT count(*)::int AS n FROM files')).rows[0].n as number;
    const before = { files: await storedFiles(), rows: await count() };
    await expect(
      t.services.files.saveWith(accountId, pdfUpload, async () => {
        throw new Error('the record is refused');
      }),
    ).rejects.toThrow('the record is refused');
    expect({ files: await storedFiles(), rows: await count() }).toEqual(before);
    const saved = await t.services.files.saveWith(accountId, pdfUpload, async (_tx, file) => file);
    const stored = await t.services.files.find(saved.publicId);
    expect(await fs.readFile(stored!.fullPath)).toEqual(PDF);
    expect(await storedFiles()).toEqual([...before.files, stored!.fullPath].sort());
  });

  it('clears the incoming files a stopped process left, once, before its first upload', async () => {
    const root = path.join(path.dirname(t.outboxDir), 'files');
    const left = path.join(root, '.incoming', 'left-by-a-crash');
    const fresh = path.join(root, '.incoming', 'still-being-written');
    await fs.mkdir(path.dirname(left), { recursive: true });
    await fs.writeFile(left, 'partial');
    await fs.writeFile(fresh, 'partial');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await fs.utimes(left, twoHoursAgo, twoHoursAgo);
    await new FileStore(t.db, root).save(await newestAccount(), pdfUpload);
    expect(await storedFiles()).not.toContain(left);
    expect(await storedFiles()).toContain(fresh);
    await fs.rm(fresh);
  });
});

/** A little-endian record of `size` bytes with these [offset, width, value] fields. */
const record = (size: number, fields: [number, 2 | 4, number][]) => {
  const b = Buffer.alloc(size);
  for (const [at, width, value] of fields)
    width === 2 ? b.writeUInt16LE(value, at) : b.writeUInt32LE(value, at);
  return b;
};

/** A ZIP of stored entries, as Office and other writers make them. */
function zip(entries: Record<string, string>): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = record(30, [
      [0, 4, 0x04034b50],
      [4, 2, 20],
      [14, 4, crc],
      [18, 4, data.length],
      [22, 4, data.length],
      [26, 2, fileName.length],
    ]);
    parts.push(local, fileName, data);
    directory.push(
      record(46, [
        [0, 4, 0x02014b50],
        [4, 2, 20],
        [6, 2, 20],
        [16, 4, crc],
        [20, 4, data.length],
        [24, 4, data.length],
        [28, 2, fileName.length],
        [42, 4, offset],
      ]),
      fileName,
    );
    offset += local.length + fileName.length + data.length;
  }
  const cd = Buffer.concat(directory);
  const count = Object.keys(entries).length;
  const end = record(22, [
    [0, 4, 0x06054b50],
    [8, 2, count],
    [10, 2, count],
    [12, 4, cd.length],
    [16, 4, offset],
  ]);
  return Buffer.concat([...parts, cd, end]);
}

const contentTypes = (part: string, type: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${part}" ContentType="application/vnd.openxmlformats-officedocument.${type}.main+xml"/></Types>`;
const DOCX = zip({
  '[Content_Types].xml': contentTypes('word/document.xml', 'wordprocessingml.document'),
  'word/document.xml': '<w:document/>',
});
const XLSX = zip({
  '[Content_Types].xml': contentTypes('xl/workbook.xml', 'spreadsheetml.sheet'),
  'xl/workbook.xml': '<workbook/>',
});

describe('Office Open XML files are recognised by their contents', () => {
  const errorOf = async (filename: string, content: Buffer) => {
    const res = await attach({ friendly_name: filename }, filename, content);
    return [res.statusCode, res.statusCode === 200 ? res.json().data.mime_type : res.json().error.fields];
  };

  it('refuses a plain ZIP named .docx or .xlsx, and a document of one kind named as the other', async () => {
    const before = await storedFiles();
    const plain = zip({ 'readme.txt': 'not a document' });
    const refusal = (ext: string) => [
      400,
      [{ path: 'file', message: `The file's content is not a .${ext} file` }],
    ];
    expect(await errorOf('report.docx', plain)).toEqual(refusal('docx'));
    expect(await errorOf('sheet.xlsx', plain)).toEqual(refusal('xlsx'));
    expect(await errorOf('sheet.xlsx', DOCX)).toEqual(refusal('xlsx'));
    expect(await errorOf('report.docx', XLSX)).toEqual(refusal('docx'));
    // [Content_Types].xml and a part of another kind is not enough either.
    const mixed = zip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });
    expect(await errorOf('report.docx', mixed)).toEqual(refusal('docx'));
    expect(await storedFiles()).toEqual(before);
  });

  it('accepts Word and Excel documents, and a package whose content types name no main part it knows', async () => {
    expect(await errorOf('report.docx', DOCX)).toEqual([
      200,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ]);
    expect(await errorOf('sheet.xlsx', XLSX)).toEqual([
      200,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    const bare = zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });
    expect((await errorOf('bare.docx', bare))[0]).toBe(200);
  });
});

type RawAnswer = { status: number; body: string; serverRead: number };

/**
 * Sends a multipart upload whose file is `size` bytes over a real connection (with its
 * Content-Length, or chunked without one), writing only as fast as the server reads and going on
 * after an answer until the server closes. Answers the status and the bytes the server read in all.
 */
async function rawUpload(
  url: string,
  file: { field: string; filename: string; size: number },
  framing: 'content-length' | 'chunked',
): Promise<RawAnswer> {
  // A server that closes a refused upload with bytes still unread resets the connection, and the
  // reset can overtake its answer on the client: then the answer is lost, not wrong. Try again
  // (the server's behaviour is the same each time); any answer that arrives is checked as it is.
  let res = await rawUploadOnce(url, file, framing);
  for (let retry = 0; retry < 3 && Number.isNaN(res.status); retry++)
    res = await rawUploadOnce(url, file, framing);
  return res;
}

async function rawUploadOnce(
  url: string,
  file: { field: string; filename: string; size: number },
  framing: 'content-length' | 'chunked',
): Promise<RawAnswer> {
  const boundary = 'slat-raw-upload';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + file.size + tail.length;
  const accepted = once(t.app.server, 'connection') as Promise<[net.Socket]>;
  const socket = net.connect(port, '127.0.0.1');
  // The server may close the connection while the body is still being sent: a write then fails.
  socket.on('error', () => {});
  let open = true;
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      open = false;
      resolve();
    }),
  );
  let answer = '';
  let answered = () => {};
  const complete = new Promise<void>((resolve) => {
    answered = resolve;
  });
  socket.on('data', (data: Buffer) => {
    answer += data.toString('latin1');
    const [headers, body] = answer.split('\r\n\r\n');
    const length = /content-length: (\d+)/i.exec(headers ?? '')?.[1];
    if (body !== undefined && length !== undefined && Buffer.byteLength(body, 'latin1') >= Number(length))
      answered();
  });
  await once(socket, 'connect');
  const [serverSocket] = await accepted;
  const write = async (data: Buffer) => {
    if (!open) return;
    const frame =
      framing === 'chunked'
        ? Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')])
        : data;
    if (!socket.write(frame))
      await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), closed]);
  };
  socket.write(
    [
      `POST ${url} HTTP/1.1`,
      'Host: localhost',
      `Cookie: ${SESSION_COOKIE}=${client.cookie}`,
      `${CSRF_HEADER}: ${client.token}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      framing === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`,
      '',
      '',
    ].join('\r\n'),
  );
  await write(head);
  const chunk = Buffer.alloc(64 * 1024, 'a');
  for (let sent = 0; sent < file.size && open; sent += chunk.length) {
    await write(chunk.subarray(0, Math.min(chunk.length, file.size - sent)));
  }
  await write(tail);
  if (framing === 'chunked' && open) socket.write('0\r\n\r\n');
  // The server closes a refused upload's connection; a kept one is looked at once answered.
  await Promise.race([closed, complete, sleep(5000)]);
  const serverRead = serverSocket.bytesRead;
  socket.destroy();
  const [headers = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(headers.split(' ')[1]), body, serverRead };
}

describe('uploads are checked before they are read', () => {
  /** 30 MB to the contact import, whose limit is 5 MB. */
  const thirtyMegabytes = (framing: 'content-length' | 'chunked') =>
    rawUpload('/api/contacts/import', { field: 'file', filename: 'big.csv', size: 30 * MB }, framing);

  it('refuses a 30 MB body to a 5 MB route from its Content-Length, reading almost none of it', async () => {
    const res = await thirtyMegabytes('content-length');
    expect(res.status, res.body).toBe(413);
    expect(res.body).toContain('The file is larger than 5 MB');
    expect(res.serverRead).toBeLessThan(MB);
  });

  it('stops reading a 30 MB chunked body at the 5 MB limit', async () => {
    const res = await thirtyMegabytes('chunked');
    expect(res.status, res.body).toBe(413);
    expect(res.serverRead).toBeGreaterThan(5 * MB);
    expect(res.serverRead).toBeLessThan(6 * MB);
  });

  it('refuses a file by its name before its bytes: 20 MB of tool.exe', async () => {
    for (const framing of ['content-length', 'chunked'] as const) {
      const res = await rawUpload(
        '/api/old/documents',
        { field: 'document', filename: 'tool.exe', size: 20 * MB },
        framing,
      );
      expect(res.status, res.body).toBe(400);
      expect(res.body).toContain('files can be uploaded');
      expect(res.serverRead).toBeLessThan(MB);
    }
  });

  it('takes a file of exactly the limit, and refuses one byte more', async () => {
    const at = (size: number) =>
      rawUpload(
        '/api/contacts/import/preview',
        { field: 'file', filename: 'edge.csv', size },
        'content-length',
      );
    const exact = await at(5 * MB);
    expect(exact.status, exact.body).toBe(200);
    expect((await at(5 * MB + 1)).status).toBe(413);
  });
});
