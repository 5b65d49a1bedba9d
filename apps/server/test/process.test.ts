import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase } from './harness';
import {
  buildServer,
  embeddedDatabaseUrl,
  httpRequest,
  postSignIn,
  prepareSignIn,
  type ServerProcess,
  signIn,
  startServer,
} from './server-process';

// The real server process, as `npm start` runs it. With TEST_DATABASE_URL it runs against that
// server (DATABASE_URL); otherwise on its own embedded PostgreSQL in a temp DATA_DIR.
const external = Boolean(process.env.TEST_DATABASE_URL);
const running: ServerProcess[] = [];
const dirs: string[] = [];

async function freshEnv(): Promise<Record<string, string>> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'slat-proc-'));
  await fs.chmod(dataDir, 0o755);
  dirs.push(dataDir);
  return external ? { DATA_DIR: dataDir, DATABASE_URL: await createEmptyDatabase() } : { DATA_DIR: dataDir };
}

async function start(env: Record<string, string>) {
  const server = await startServer(env);
  running.push(server);
  return server;
}

async function stop(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM') {
  server.child.kill(signal);
  return server.exited;
}

beforeAll(() => buildServer());

afterEach(async () => {
  for (const s of running.splice(0))
    if (s.child.exitCode === null && s.child.signalCode === null) await stop(s);
  // A server killed with -9 leaves its embedded PostgreSQL running; stop any left in our dirs.
  for (const dir of dirs.splice(0)) {
    const pid = Number(
      (await fs.readFile(path.join(dir, 'postgres/postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0],
    );
    if (pid > 0) {
      try {
        process.kill(pid, 'SIGINT');
        for (let i = 0; i < 200; i++) {
          process.kill(pid, 0);
          await new Promise((r) => setTimeout(r, 50));
        }
      } catch {
        // gone
      }
    }
    await fs.rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
});

describe('the server process', () => {
  it('refuses to start with a bad variable and names it', async () => {
    await expect(startServer({ PORT: 'not-a-port', DATA_DIR: os.tmpdir() }, 20_000)).rejects.toThrow(/PORT/);
  });

  it('starts on a DATA_DIR created private (mode 0700, as mktemp makes it)', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'slat-private-'));
    dirs.push(dataDir);
    const env: Record<string, string> = external
      ? { DATA_DIR: dataDir, DATABASE_URL: await createEmptyDatabase() }
      : { DATA_DIR: dataDir };
    const server = await start(env);
    expect((await signIn(server.port, 'demo', 'demo1234')).status).toBe(200);
  }, 60_000);

  it('keeps every acknowledged write through kill -9, and starts again without clean-up', async () => {
    const env = await freshEnv();
    const first = await start(env);
    const acked: string[] = [];
    let writing = true;
    const writers = Array.from({ length: 4 }, async () => {
      while (writing) {
        const res = await signIn(first.port, 'demo', 'demo1234').catch(() => undefined);
        if (res?.status === 200 && res.cookie) acked.push(res.cookie);
      }
    });
    while (acked.length < 20) await new Promise((r) => setTimeout(r, 10));
    first.child.kill('SIGKILL');
    await first.exited;
    writing = false;
    await Promise.all(writers);

    const second = await start(env);
    expect(second.output()).not.toContain('Creating the embedded PostgreSQL cluster');
    for (const cookie of acked) {
      const me = await httpRequest(second.port, 'POST', '/api/old/auth/me', { cookie });
      expect(me.status).toBe(200);
    }
    expect(await stop(second)).toBe(0);
  }, 120_000);

  it('finishes in-flight requests on SIGTERM, exits 0, and a restart finds their data', async () => {
    const env = await freshEnv();
    const server = await start({ ...env, LOG_LEVEL: 'info' });
    const prepared = await Promise.all(Array.from({ length: 24 }, () => prepareSignIn(server.port)));
    // 24 sign-ins (argon2 makes each take tens of ms) are on the wire when SIGTERM arrives.
    const inFlight = prepared.map((p) => postSignIn(server.port, p, 'demo', 'demo1234'));
    // Signal once the server has begun every one of them (its request log says so).
    const begun = () =>
      server
        .output()
        .split('\n')
        .filter((l) => l.includes('"url":"/api/old/auth"')).length;
    while (begun() < 24) await new Promise((r) => setTimeout(r, 2));
    server.child.kill('SIGTERM');
    const results = await Promise.all(inFlight);
    const code = await server.exited;
    expect(code).toBe(0);
    expect(server.output()).not.toContain('shutdown failed');
    expect(results.map((r) => r.status)).toEqual(Array(24).fill(200));
    const committed = results;

    const again = await start(env);
    for (const r of committed) {
      expect((await httpRequest(again.port, 'POST', '/api/old/auth/me', { cookie: r.cookie })).status).toBe(
        200,
      );
    }
    if (!external) {
      expect(await stop(again)).toBe(0);
      // A clean stop also stops the embedded PostgreSQL.
      await expect(fs.access(path.join(env.DATA_DIR!, 'postgres/postmaster.pid'))).rejects.toThrow();
    }
  }, 120_000);

  it('migrates and seeds once when two processes start together on one database', async () => {
    const databaseUrl = external ? await createEmptyDatabase() : undefined;
    const env = await freshEnv();
    let url = databaseUrl;
    if (!url) {
      // Embedded: the first process owns the server; the second joins it through DATABASE_URL.
      const first = await start(env);
      const admin = new pg.Client({ connectionString: await embeddedDatabaseUrl(env.DATA_DIR!) });
      await admin.connect();
      await admin.query('CREATE DATABASE race');
      await admin.end();
      url = await embeddedDatabaseUrl(env.DATA_DIR!, 'race');
      expect(first.child.exitCode).toBeNull();
    }
    const [a, b] = await Promise.all([
      start({ DATA_DIR: env.DATA_DIR!, DATABASE_URL: url }),
      start({ DATA_DIR: env.DATA_DIR!, DATABASE_URL: url }),
    ]);
    expect((await signIn(a.port, 'demo', 'demo1234')).status).toBe(200);
    expect((await signIn(b.port, 'demo', 'demo1234')).status).toBe(200);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const accounts = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts');
    const migrations = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
    );
    await client.end();
    expect(accounts.rows[0]?.n).toBe(1);
    expect(migrations.rows[0]?.n).toBeGreaterThanOrEqual(2);
  }, 120_000);
});
