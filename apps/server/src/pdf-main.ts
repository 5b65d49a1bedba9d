// The PDF process (decision 017): started by the server (lib/pdf/pdf-process.ts) in the idle
// scheduling class on the last CPU (`nice -n 19` without chrt), it makes every quote, measure, install and purchase-order PDF — the quote's reads, the document,
// the render (its worker thread), the stored file — with two PostgreSQL connections of its own.
// When the database is the embedded one on this machine, the PostgreSQL processes serving those
// connections are lowered to nice 19 on that CPU, so a burst of PDFs takes only the CPU the API's
// requests leave. It ends when the server does (its IPC channel closes).
import type pg from 'pg';
import { connectDatabase } from './db/database';
import { closePdfRenderer } from './lib/pdf/index';
import { PDF_PROCESS_ENV, reniceDatabaseBackend, servePdfCalls } from './lib/pdf/pdf-process';
import { FileStore } from './modules/files/index';
import { inProcessPurchaseOrderPdfMaker } from './modules/purchase-orders/index';
import { inProcessPdfMaker } from './modules/quotes/index';

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`The PDF process needs ${name}; it is started by the server.`);
    process.exit(1);
  }
  return value;
}

const database = connectDatabase(required(PDF_PROCESS_ENV.databaseUrl), { max: 2 });
if (process.env[PDF_PROCESS_ENV.localDatabase] === '1')
  database.pool.on('connect', (client: pg.PoolClient) => {
    // The server process's id as PostgreSQL sent it at the connection's start (BackendKeyData):
    // no query queued on a connection its first user is about to use.
    const pid = (client as pg.PoolClient & { processID?: number | null }).processID;
    if (pid) reniceDatabaseBackend(pid);
  });
const files = new FileStore(database.db, required(PDF_PROCESS_ENV.filesDir));
const deps = { db: database.db, files };
servePdfCalls({ ...inProcessPdfMaker(deps), ...inProcessPurchaseOrderPdfMaker(deps) }, async () => {
  await closePdfRenderer();
  await database.close();
});
