import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import type { SubmitDealer } from './purchase-order-submit-fixtures';
import { ok } from './quote-fixtures';
import { buildServer, repoRoot, type ServerProcess, startServer } from './server-process';
import { dealerOf, historyCount, submittedOrder } from './supplier-orders-fixtures';

// The supplier command line against a real server process: the token straight from the
// database, then list, acknowledge, status, ETA, freight and tracking through the supplier API.

const run = promisify(execFile);
let t: TestApp;
let d: SubmitDealer;
let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  buildServer();
  t = await createTestApp();
  d = await dealerOf(t, 'Cli');
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'slat-supplier-cli-'));
  // The dealer made above keeps the server from seeding the demo into this database.
  server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: t.databaseUrl });
}, 180_000);

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await t?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
});

/** Runs the built CLI; its exit code, stdout and stderr. */
async function cli(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['apps/server/dist/cli/supplier.js', ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, DATABASE_URL: t.databaseUrl, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('the supplier command line', () => {
  it('names the demo’s online supplier when no supplier is given (this database has no demo)', async () => {
    const r = await cli(['token']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('No supplier matches "coastline"');
  });

  it('issues a token, then lists, acknowledges and moves an order on through the API', async () => {
    const supplier = d.suppliers.online;
    const o = await submittedOrder(t, d, supplier);
    const issued = await cli(['token', '--supplier', supplier.key]);
    expect(issued.code, issued.stderr).toBe(0);
    const token = issued.stdout.trim();
    expect(token).toMatch(/^slat_sup_/);
    const env = { SLAT_SUPPLIER_TOKEN: token, SLAT_URL: `http://127.0.0.1:${server.port}` };

    const list = await cli(['list'], env);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain(`${o.supplierOrderId}\tCli Blinds Pty Ltd\tPO ${o.tuid}`);

    const id = String(o.supplierOrderId);
    const rejected = await cli(['ack', id, 'rejected'], env);
    expect(rejected.code).toBe(1);
    expect(rejected.stderr).toContain('Please give a reason for rejecting the order');

    const changed = await cli(
      ['ack', id, 'changed', '--line', `${o.lineIds[0]}:qty=1,size=490 x 500 mm`],
      env,
    );
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stdout).toContain('answer ACCEPTED_WITH_CHANGES');

    expect((await cli(['status', id, 'in production'], env)).stdout).toContain('status In production');
    expect((await cli(['eta', id, '2030-06-07'], env)).stdout).toContain('ETA 2030-06-07');
    expect((await cli(['freight', id, '22.5'], env)).stdout).toContain('freight 22.50');
    const tracked = await cli(
      ['track', id, '--carrier', 'TNT', '--number', 'T99', '--url', 'https://t.example/T99', '--json'],
      env,
    );
    expect(tracked.code, tracked.stderr).toBe(0);
    expect(JSON.parse(tracked.stdout)).toMatchObject({
      trackingInformation: 'TNT · T99 · https://t.example/T99',
    });

    expect(await historyCount(t, o.supplierOrderId)).toBe(5);
    const [shown] = ok(await d.client.get(`/api/purchaseorder/${o.orderId}/manufacturerorders`));
    expect(shown).toMatchObject({
      eta: '2030-06-07',
      freight: '22.50',
      acknowledgement: 'ACCEPTED_WITH_CHANGES',
    });

    const refused = await cli(['list'], {
      ...env,
      SLAT_SUPPLIER_TOKEN: 'slat_sup_revokedrevokedrevokedrevoked',
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('not valid');
  }, 120_000);
});
