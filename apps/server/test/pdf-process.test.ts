import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pricingMessages } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase } from './harness';
import { buildServer, httpRequest, type ServerProcess, signIn, startServer } from './server-process';

// The PDF process (decision 017) as the built server runs it: PDFs made in a child process at
// the lowest CPU priority, on one CPU, ending with the server; its errors are the API's errors.
const external = Boolean(process.env.TEST_DATABASE_URL);
const linux = process.platform === 'linux';
let dataDir = '';
let server: ServerProcess;
let cookie = '';

type Proc = { pid: number; ppid: number; nice: number; policy: number; cmdline: string; cpus: string };

/** Every process of this machine as /proc shows it (Linux). */
async function processes(): Promise<Proc[]> {
  const out: Proc[] = [];
  for (const name of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await fs.readFile(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const status = await fs.readFile(`/proc/${name}/status`, 'utf8');
      out.push({
        pid: Number(name),
        ppid: Number(f[1]),
        nice: Number(f[16]),
        policy: Number(f[38]),
        cmdline: (await fs.readFile(`/proc/${name}/cmdline`, 'utf8')).replaceAll('\0', ' '),
        cpus: /Cpus_allowed_list:\s*(\S+)/.exec(status)?.[1] ?? '',
      });
    } catch {
      // ended while read
    }
  }
  return out;
}

const pdfProcessOf = async (serverPid: number) =>
  (await processes()).find((p) => p.ppid === serverPid && p.cmdline.includes('pdf-main.js'));

const SCHED_IDLE = 5;

async function get(url: string) {
  return httpRequest(server.port, 'GET', url, { cookie });
}

/** The server's PDF calls time out after this (SLAT_PDF_TIMEOUT_MS), short for the test. */
const PDF_TIMEOUT_MS = 4_000;

/**
 * A GET of a PDF call, asked again while it answers 503 (as the viewer's Retry does): the idle
 * class may starve the PDF process past the short timeout while other test files use both cores.
 */
async function getPdfCall(url: string) {
  for (let attempt = 1; ; attempt++) {
    const res = await get(url);
    if (res.status !== 503 || attempt === 10) return res;
  }
}

async function firstQuoteId(): Promise<number> {
  const workflows = JSON.parse((await get('/api/workflows')).body) as { id: number }[];
  const deals = JSON.parse((await get(`/api/deals?workflowId=${workflows[0]?.id}&limit=50`)).body) as {
    data: { id: number }[];
  };
  for (const deal of deals.data) {
    const quotes = JSON.parse((await get(`/api/deals/${deal.id}/quotes`)).body) as { id: number }[];
    if (quotes[0]) return quotes[0].id;
  }
  throw new Error('no demo quote');
}

async function pdfOf(quoteId: number): Promise<Buffer> {
  const res = await getPdfCall(`/api/deal-quotes/${quoteId}/pdf`);
  expect(res.status).toBe(200);
  const { url } = JSON.parse(res.body) as { url: string };
  return new Promise<Buffer>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: server.port, path: url, headers: { cookie } }, (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => resolve(Buffer.concat(chunks)));
      })
      .on('error', reject);
  });
}

const until = async (check: () => Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
};

beforeAll(async () => {
  buildServer();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'slat-pdfproc-'));
  await fs.chmod(dataDir, 0o755);
  server = await startServer({
    DATA_DIR: dataDir,
    SLAT_PDF_TIMEOUT_MS: String(PDF_TIMEOUT_MS),
    ...(external ? { DATABASE_URL: await createEmptyDatabase() } : {}),
  });
  const signedIn = await signIn(server.port, 'demo', 'demo1234');
  cookie = signedIn.cookie ?? '';
}, 120_000);

afterAll(async () => {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
});

describe('the PDF process', () => {
  it('makes the PDFs at the lowest priority on one CPU, its database connections lowered too', async () => {
    const quoteId = await firstQuoteId();
    const pdf = await pdfOf(quoteId);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    if (!linux) return;
    const child = await pdfProcessOf(server.child.pid ?? 0);
    expect(child, 'a pdf-main.js child of the server').toBeDefined();
    // The idle scheduling class where chrt exists, else nice 19.
    expect(child?.policy === SCHED_IDLE || child?.nice === 19).toBe(true);
    if (os.availableParallelism() >= 2) expect(child?.cpus).toBe(String(os.availableParallelism() - 1));
    // The server itself keeps its priority.
    const self = (await processes()).find((p) => p.pid === server.child.pid);
    expect(self?.nice).toBe(0);
    expect(self?.policy).toBe(0);
    if (!external) {
      // Its PostgreSQL server processes (embedded: on this machine) run at nice 19, the rest at 0.
      const backends = (await processes()).filter((p) => p.cmdline.startsWith('postgres: postgres'));
      expect(backends.filter((p) => p.nice === 19).length).toBeGreaterThanOrEqual(1);
      expect(backends.filter((p) => p.nice === 0).length).toBeGreaterThanOrEqual(1);
    }
  }, 60_000);

  it('answers the API errors made in it: 404 for a quote that is not there', async () => {
    const res = await getPdfCall('/api/deal-quotes/987654321/pdf');
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'NOT_FOUND', message: 'Quote not found' } });
  });

  it('answers 503 to a call it does not answer in time, and a fresh PDF process makes the next', async () => {
    if (!linux) return;
    const quoteId = await firstQuoteId();
    await pdfOf(quoteId); // the PDF process running
    const stuck = await pdfProcessOf(server.child.pid ?? 0);
    expect(stuck).toBeDefined();
    process.kill(stuck?.pid ?? 0, 'SIGSTOP'); // as if a render never ended
    const started = Date.now();
    const res = await get(`/api/deal-quotes/${quoteId}/measure-pdf`);
    const waited = Date.now() - started;
    expect(res.status).toBe(503);
    expect(JSON.parse(res.body)).toEqual({
      error: { code: 'UNAVAILABLE', message: pricingMessages.pdfUnavailable, fields: [] },
    });
    expect(waited).toBeGreaterThanOrEqual(PDF_TIMEOUT_MS - 50);
    // the stuck one is killed (a stopped process dies of SIGKILL too), the next call starts another
    expect(await until(async () => !(await processes()).some((p) => p.pid === stuck?.pid))).toBe(true);
    expect((await pdfOf(quoteId)).subarray(0, 5).toString()).toBe('%PDF-');
    const fresh = await pdfProcessOf(server.child.pid ?? 0);
    expect(fresh?.pid).toBeDefined();
    expect(fresh?.pid).not.toBe(stuck?.pid);
  }, 90_000);

  it('starts again after it is killed, and ends when the server is killed', async () => {
    if (!linux) return;
    const quoteId = await firstQuoteId();
    const first = await pdfProcessOf(server.child.pid ?? 0);
    expect(first).toBeDefined();
    process.kill(first?.pid ?? 0, 'SIGKILL');
    expect(await until(async () => (await pdfProcessOf(server.child.pid ?? 0)) === undefined)).toBe(true);
    expect((await pdfOf(quoteId)).subarray(0, 5).toString()).toBe('%PDF-');
    const second = await pdfProcessOf(server.child.pid ?? 0);
    expect(second?.pid).toBeDefined();
    expect(second?.pid).not.toBe(first?.pid);

    server.child.kill('SIGKILL');
    await server.exited;
    const gone = await until(async () => !(await processes()).some((p) => p.pid === second?.pid));
    expect(gone, 'the PDF process ends with the server').toBe(true);
    if (!external) {
      // The killed server left its embedded PostgreSQL: stop it.
      const pid = Number(
        (await fs.readFile(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').catch(() => '')).split(
          '\n',
        )[0],
      );
      if (pid > 0) process.kill(pid, 'SIGINT');
      await until(async () => !(await processes()).some((p) => p.pid === pid), 20_000);
    }
  }, 60_000);
});
