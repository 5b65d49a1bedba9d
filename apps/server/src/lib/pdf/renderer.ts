import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { PdfDocument } from './layout';

/**
 * The worker file: beside this module in the source tree, beside the bundle in dist (main.js),
 * one folder up from dist/cli (the command-line tools). scripts/build.mjs copies it there.
 */
function workerFile(): string {
  for (const candidate of ['./pdf-render-worker.mjs', '../pdf-render-worker.mjs']) {
    const file = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(file)) return file;
  }
  throw new Error('pdf-render-worker.mjs not found beside the server');
}

let pool: Piscina | undefined;

/**
 * One worker thread renders every PDF of the process: rendering is CPU work, and on a two-core
 * machine a second thread would take the core the API answers on. It runs at a lower priority
 * (nice +10, Linux and macOS), so the API thread wins the CPU when both want it. Requests queue
 * for it; an idle thread ends after a minute and does not keep the process alive.
 */
function renderPool(): Piscina {
  pool ??= new Piscina({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    niceIncrement: 10,
  });
  return pool;
}

/** The PDF of a document definition, rendered by pdfmake in the worker thread. */
export async function renderPdf(document: PdfDocument): Promise<Buffer> {
  const bytes = (await renderPool().run(document)) as ArrayBuffer;
  return Buffer.from(bytes);
}

/** Ends the worker thread (at shutdown; the next render starts a new one). */
export async function closePdfRenderer(): Promise<void> {
  const running = pool;
  pool = undefined;
  await running?.destroy();
}
