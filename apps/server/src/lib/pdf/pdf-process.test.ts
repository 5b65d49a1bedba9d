import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PdfProcess } from './pdf-process';

// A stand-in for the PDF process: answers each call after `delayMs` (its args), one at a time,
// as a render queue does; 'hang' never answers.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'slat-pdf-child-'));
const entry = path.join(dir, 'child.mjs');
fs.writeFileSync(
  entry,
  `let queue = Promise.resolve();
process.on('message', (m) => {
  queue = queue.then(async () => {
    if (m.method === 'hang') return new Promise(() => {});
    await new Promise((r) => setTimeout(r, m.args[0]));
    process.send({ id: m.id, ok: true, value: m.id });
  });
});
process.on('disconnect', () => process.exit(0));
`,
);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const warnings: string[] = [];
const pdfProcess = (timeoutMs: number) =>
  new PdfProcess({
    entry,
    env: {},
    log: { warn: (_obj, msg) => warnings.push(msg) },
    timeoutMs,
    unavailable: 'The PDF could not be made just now.',
    // at the lowest priority a busy machine would starve the stand-in: this is about the watchdog
    lowPriority: false,
  });

describe('the PDF process’s watchdog', () => {
  it('serves a queue longer than the timeout while the child keeps answering', async () => {
    const pdfs = pdfProcess(1_000);
    // twelve calls of 250 ms one after another: the last waits ~3 s, three times the timeout
    const answers = await Promise.allSettled(Array.from({ length: 12 }, () => pdfs.call('render', [250])));
    await pdfs.close();
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill('fulfilled'));
  }, 20_000);

  it('kills a child that answers nothing for the timeout, and every waiting call answers UNAVAILABLE', async () => {
    const pdfs = pdfProcess(600);
    const started = Date.now();
    const answers = await Promise.allSettled([pdfs.call('hang', []), pdfs.call('render', [10])]);
    const waited = Date.now() - started;
    expect(
      answers.map((a) => (a.status === 'rejected' ? (a.reason as { code?: string }).code : 'answered')),
    ).toEqual(['UNAVAILABLE', 'UNAVAILABLE']);
    expect(waited).toBeGreaterThanOrEqual(600);
    expect(warnings).toContain('PDF process answered nothing in time; killed');
    // a fresh child serves the next call
    await expect(pdfs.call('render', [10])).resolves.toBeGreaterThan(0);
    await pdfs.close();
  }, 20_000);
});
