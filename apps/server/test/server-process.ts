import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Builds the server bundle (skipped when nothing changed): process tests run what `npm start` runs. */
export function buildServer(): void {
  execFileSync(process.execPath, ['scripts/build.mjs', '--server-only'], { cwd: repoRoot, stdio: 'ignore' });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The connection string of the embedded PostgreSQL that a server started in `dataDir` runs (its
 * port from postmaster.pid, its password from the secrets), so another process can join it
 * through DATABASE_URL as it would join any PostgreSQL service.
 */
export async function embeddedDatabaseUrl(dataDir: string, database = 'postgres'): Promise<string> {
  const port = (await fs.readFile(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8')).split('\n')[3];
  const password = (await fs.readFile(path.join(dataDir, 'secrets/postgres-password'), 'utf8')).trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
};

/** Starts `node apps/server/dist/main.js` and resolves once it prints that it is running. */
export async function startServer(env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + timeoutMs;
  while (!out.includes('Slat is running at')) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within ${timeoutMs} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, port, output: () => out, exited };
}

export type HttpResult = { status: number; body: string; setCookie: string[] };

/** One request on its own connection (no keep-alive pool), so it is in flight the moment it is written. */
export function httpRequest(
  port: number,
  method: string,
  urlPath: string,
  opts: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        agent: false,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => {
          body += c.toString();
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, setCookie: res.headers['set-cookie'] ?? [] }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export const cookieFrom = (setCookie: string[]) =>
  setCookie.map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('slat_session='));

/** An anonymous session cookie and its CSRF token, as the sign-in page fetches them. */
export async function prepareSignIn(port: number) {
  const tokenRes = await httpRequest(port, 'GET', '/api/old/auth/generate-token');
  return { cookie: cookieFrom(tokenRes.setCookie), token: JSON.parse(tokenRes.body) as string };
}

export async function postSignIn(
  port: number,
  prepared: { cookie: string | undefined; token: string },
  username: string,
  password: string,
) {
  const res = await httpRequest(port, 'POST', '/api/old/auth', {
    body: { username, password, _token: prepared.token },
    cookie: prepared.cookie,
  });
  return { status: res.status, cookie: cookieFrom(res.setCookie) };
}

/** generate-token then sign-in as `username`; resolves with the session cookie on 200. */
export async function signIn(port: number, username: string, password: string) {
  return postSignIn(port, await prepareSignIn(port), username, password);
}
