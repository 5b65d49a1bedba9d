import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CSRF_HEADER } from '@slat/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { connectDatabase, type Db } from '../src/db/database';
import { type Jobs, WEBHOOK_DELIVERY_QUEUE } from '../src/lib/jobs';
import { createDealerAccount, type NewDealerAccount } from '../src/modules/accounts/index';
import { SESSION_COOKIE } from '../src/plugins/sessions';
import { createServices, type Services } from '../src/services';
import type { RenderFirstScreen } from '../src/spa-first-screen';
import { withDatabase } from './global-setup';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  pool: pg.Pool;
  services: Services;
  jobs: Jobs;
  databaseUrl: string;
  outboxDir: string;
  close: () => Promise<void>;
};

/** A fresh database copied from the migrated template; one per test file. */
export async function createTestDatabase(): Promise<string> {
  const server = inject('dbServerUrl');
  const name = `${inject('dbPrefix')}${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('dbTemplate')}`);
  } finally {
    await admin.end();
  }
  return withDatabase(server, name);
}

/** An empty database (no migrations): for tests of what a first start does. */
export async function createEmptyDatabase(): Promise<string> {
  const server = inject('dbServerUrl');
  const name = `${inject('dbPrefix')}${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return withDatabase(server, name);
}

/**
 * The real app on a real database, with the job queue working and mail going to `smtpUrl` or an
 * outbox. Pass `databaseUrl` to run a second server process's worth of app on the same database.
 */
export async function createTestApp(
  opts: {
    smtpUrl?: string;
    env?: Record<string, string>;
    databaseUrl?: string;
    webDist?: string;
    renderFirstScreen?: RenderFirstScreen;
  } = {},
): Promise<TestApp> {
  const databaseUrl = opts.databaseUrl ?? (await createTestDatabase());
  const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'slat-outbox-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://slat.test',
    DATA_DIR: outboxDir,
    DATABASE_URL: databaseUrl,
    ...(opts.smtpUrl ? { SMTP_URL: opts.smtpUrl } : {}),
    ...opts.env,
  });
  const database = connectDatabase(databaseUrl, { max: 5 });
  let commit = 'test-commit';
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  const running = await createServices({
    config,
    db: database.db,
    databaseUrl,
    log: quiet,
    role: 'server',
    // a failing webhook gives up after 3 attempts (seconds apart) instead of 9 over minutes
    queue: {
      pollingIntervalSeconds: 0.5,
      retryDelaySeconds: 1,
      retryLimits: { [WEBHOOK_DELIVERY_QUEUE]: 2 },
    },
    gitCommit: () => commit,
    release: 'test',
  });
  const { services, jobs } = running;
  const app = await buildApp({
    services,
    testHooks: { setGitCommit: (c) => (commit = c) },
    ...(opts.webDist ? { webDist: opts.webDist } : {}),
    ...(opts.renderFirstScreen ? { renderFirstScreen: opts.renderFirstScreen } : {}),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    pool: database.pool,
    services,
    jobs,
    databaseUrl,
    outboxDir: path.join(outboxDir, 'outbox'),
    close: async () => {
      await app.close();
      await running.stop();
      await database.close();
      // a file still being written as the app stops (a busy machine's slow job) made one removal
      // fail with ENOTEMPTY: the removal tries again
      await fs.rm(outboxDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}

let unique = 0;
/** A dealer account with unique names; overrides win. */
export async function createDealer(db: Db, overrides: Partial<NewDealerAccount> = {}) {
  unique += 1;
  const tag = `${Date.now().toString(36)}${unique}`;
  const input: NewDealerAccount = {
    username: `dealer-${tag}`,
    password: 'correct horse battery',
    company: `Dealer ${tag} Blinds`,
    country: 'AU',
    firstName: 'Alex',
    lastName: `Tester${unique}`,
    email: `dealer-${tag}@example.test`,
    address: '1 Test Street, Sydney NSW 2000',
    ...overrides,
  };
  const ids = await createDealerAccount(db, input);
  return { ...ids, ...input, email: input.email ?? '', address: input.address ?? null };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A browser-like client: keeps the session cookie and sends the CSRF token on state-changing calls. */
export class TestClient {
  cookie: string | undefined;
  token: string | undefined;

  /** Each client comes from its own address (198.18.0.0/15, the benchmarking range), as browsers do. */
  constructor(
    readonly app: FastifyInstance,
    readonly ip = `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`,
  ) {}

  async request(
    method: Method,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        ...(this.cookie ? { cookie: `${SESSION_COOKIE}=${this.cookie}` } : {}),
        ...(method !== 'GET' && this.token ? { [CSRF_HEADER]: this.token } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    const set = res.cookies.find((c) => c.name === SESSION_COOKIE);
    if (set)
      this.cookie = set.value === '' || (set.maxAge !== undefined && set.maxAge <= 0) ? undefined : set.value;
    return res;
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', url, body, headers);
  put = (url: string, body?: unknown) => this.request('PUT', url, body);
  delete = (url: string) => this.request('DELETE', url);

  async fetchToken(): Promise<string> {
    const res = await this.get('/api/old/auth/generate-token');
    this.token = res.json<string>();
    return this.token;
  }

  async signIn(username: string, password: string, remember = false): Promise<LightMyRequestResponse> {
    const token = await this.fetchToken();
    const res = await this.post('/api/old/auth', {
      username,
      password,
      master_console: false,
      remember,
      _token: token,
    });
    if (res.statusCode === 200) await this.fetchToken();
    return res;
  }
}

/** A client already signed in as a new dealer (or the given one). */
export async function signedInClient(t: TestApp, dealer?: { username: string; password: string }) {
  const d = dealer ?? (await createDealer(t.db));
  const client = new TestClient(t.app);
  const res = await client.signIn(d.username, d.password);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return client;
}

/** A multipart/form-data upload as a browser sends it: text fields, then one file. */
export function uploadAs(
  client: TestClient,
  url: string,
  file: { field?: string; filename: string; content: Buffer | string },
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const boundary = '----slat-test-upload';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return client.app.inject({
    method: 'POST',
    url,
    remoteAddress: client.ip,
    headers: {
      ...(client.cookie ? { cookie: `${SESSION_COOKIE}=${client.cookie}` } : {}),
      ...(client.token ? { [CSRF_HEADER]: client.token } : {}),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}
