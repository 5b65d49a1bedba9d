import { messages } from '@slat/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema';
import { SESSION_COOKIE } from '../src/plugins/sessions';
import { createDealer, createTestApp, signedInClient, type TestApp, TestClient } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('sign-in, me and logout', () => {
  it('goes generate-token → sign-in → me → logout → me 401', async () => {
    const dealer = await createDealer(t.db, { firstName: 'Maria', lastName: 'Lopez', country: 'NZ' });
    const client = new TestClient(t.app);
    const token = await client.fetchToken();
    expect(typeof token).toBe('string');
    expect(token.length).toBeGreaterThan(20);
    const anonymousCookie = client.cookie;
    expect(anonymousCookie).toBeDefined();

    const login = await client.post('/api/old/auth', {
      username: dealer.username,
      password: dealer.password,
      master_console: false,
      remember: false,
      _token: token,
    });
    expect(login.statusCode).toBe(200);
    const setCookie = login.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(setCookie?.httpOnly).toBe(true);
    expect(setCookie?.sameSite).toBe('Lax');
    expect(setCookie?.maxAge).toBeUndefined();
    expect(client.cookie).not.toBe(anonymousCookie); // the session id changes at sign-in

    const me = await client.post('/api/old/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      user: {
        id: dealer.userId,
        first_name: 'Maria',
        last_name: 'Lopez',
        email: dealer.email,
        country_code: 'NZ',
        admin_company_id: dealer.companyId,
        main_admin_access: true,
      },
      company: {
        id: dealer.companyId,
        account_id: dealer.accountId,
        country_id: expect.any(Number),
        country_code: 'NZ',
        name: dealer.company,
        address: dealer.address,
      },
      modules: { 'dealer_portal.sales': true },
    });

    await client.fetchToken();
    const logout = await client.post('/api/old/auth/logout', {});
    expect(logout.statusCode).toBe(200);
    const after = await client.post('/api/old/auth/me');
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('ends the session on the server at logout, so a copied cookie is worthless', async () => {
    const client = await signedInClient(t);
    const copied = client.cookie;
    await client.post('/api/old/auth/logout', {});
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/old/auth/me',
      headers: { cookie: `${SESSION_COOKIE}=${copied}` },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('answers a wrong password and an unknown user with the same 400', async () => {
    const dealer = await createDealer(t.db);
    const a = new TestClient(t.app);
    const wrong = await a.signIn(dealer.username, 'not the password');
    const b = new TestClient(t.app);
    const unknown = await b.signIn('nobody-by-this-name', 'not the password');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({
      error: { code: 'INVALID_CREDENTIALS', message: messages.loginFailed, fields: [] },
    });
  });

  it('signs in with any letter case of the username', async () => {
    const dealer = await createDealer(t.db);
    const res = await new TestClient(t.app).signIn(dealer.username.toUpperCase(), dealer.password);
    expect(res.statusCode).toBe(200);
  });

  it('keeps a remembered session for 30 days and a plain one for 12 idle hours', async () => {
    const dealer = await createDealer(t.db);
    const client = new TestClient(t.app);
    const res = await client.signIn(dealer.username, dealer.password, true);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.maxAge).toBe(30 * 24 * 3600);
    const [row] = await t.db
      .select({ hours: sql<number>`round(extract(epoch FROM ${sessions.expiresAt} - now()) / 3600)::int` })
      .from(sessions)
      .where(eq(sessions.userId, dealer.userId));
    expect(row?.hours).toBe(30 * 24);

    const plain = await createDealer(t.db);
    await new TestClient(t.app).signIn(plain.username, plain.password);
    const [p] = await t.db
      .select({ hours: sql<number>`round(extract(epoch FROM ${sessions.expiresAt} - now()) / 3600)::int` })
      .from(sessions)
      .where(eq(sessions.userId, plain.userId));
    expect(p?.hours).toBe(12);
  });

  it('answers 401 once the session has expired', async () => {
    const dealer = await createDealer(t.db);
    const client = await signedInClient(t, dealer);
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, dealer.userId));
    // The row change reaches the in-memory session cache through the cache bus within moments.
    await expect
      .poll(async () => (await client.post('/api/old/auth/me')).statusCode, { timeout: 3000 })
      .toBe(401);
  });

  it('hashes passwords with argon2id', async () => {
    const dealer = await createDealer(t.db);
    const [row] = await t.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, dealer.userId));
    expect(row?.hash.startsWith('$argon2id$')).toBe(true);
  });
});

describe('CSRF', () => {
  it('answers 419 to a sign-in without a token, or with a token from another cookie', async () => {
    const dealer = await createDealer(t.db);
    const client = new TestClient(t.app);
    await client.fetchToken();
    client.token = undefined; // neither header nor body carries it
    const missing = await client.post('/api/old/auth', {
      username: dealer.username,
      password: dealer.password,
    });
    expect(missing.statusCode).toBe(419);
    expect(missing.json().error.code).toBe('CSRF_TOKEN_MISMATCH');

    const other = new TestClient(t.app);
    const foreignToken = await other.fetchToken();
    const foreign = await client.post('/api/old/auth', {
      username: dealer.username,
      password: dealer.password,
      _token: foreignToken,
    });
    expect(foreign.statusCode).toBe(419);
  });

  it('answers 419 to a state-changing call with a stale token (from before sign-in)', async () => {
    const dealer = await createDealer(t.db);
    const client = new TestClient(t.app);
    const before = await client.fetchToken();
    await client.post('/api/old/auth', {
      username: dealer.username,
      password: dealer.password,
      _token: before,
    });
    client.token = before;
    const res = await client.post('/api/old/users', { first_name: 'Changed' });
    expect(res.statusCode).toBe(419);
    client.token = undefined;
    expect((await client.post('/api/old/users', { first_name: 'Changed' })).statusCode).toBe(419);
    await client.fetchToken();
    expect((await client.post('/api/old/users', { first_name: 'Changed' })).statusCode).toBe(200);
  });

  it('answers 401 before 419 when there is no session at all', async () => {
    const res = await new TestClient(t.app).post('/api/old/users', { first_name: 'X' });
    expect(res.statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('refuses the 11th failed sign-in in a minute from one IP with 429', async () => {
    const ip = '203.0.113.7';
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const client = new TestClient(t.app);
      const token = await client.fetchToken();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/old/auth',
        remoteAddress: ip,
        headers: { cookie: `${SESSION_COOKIE}=${client.cookie}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ username: `nobody-${i}`, password: 'wrong-password', _token: token }),
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(codes[10]).toBe(429);
  });

  it('refuses sign-in for a username after 10 failures, from any IP, even with the right password', async () => {
    const dealer = await createDealer(t.db);
    for (let i = 0; i < 10; i++) {
      const client = new TestClient(t.app);
      const token = await client.fetchToken();
      await t.app.inject({
        method: 'POST',
        url: '/api/old/auth',
        remoteAddress: `198.51.100.${i + 1}`,
        headers: { cookie: `${SESSION_COOKIE}=${client.cookie}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ username: dealer.username, password: 'wrong-password', _token: token }),
      });
    }
    const res = await new TestClient(t.app).signIn(dealer.username, dealer.password);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('POST /old/users', () => {
  it('edits the signed-in user only', async () => {
    const me = await createDealer(t.db);
    const other = await createDealer(t.db);
    const client = await signedInClient(t, me);
    const res = await client.post('/api/old/users', { first_name: 'Jordan', email: 'jordan@example.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: me.userId,
      first_name: 'Jordan',
      email: 'jordan@example.test',
    });
    const [untouched] = await t.db.select().from(users).where(eq(users.id, other.userId));
    expect(untouched?.firstName).toBe(other.firstName);
  });

  it('answers 400 naming the field for a bad email, an empty name, a wrong type or an unknown field', async () => {
    const client = await signedInClient(t);
    const bad = await client.post('/api/old/users', { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual([{ path: 'email', message: messages.emailInvalid }]);
    const empty = await client.post('/api/old/users', { first_name: '   ' });
    expect(empty.json().error.fields[0].path).toBe('first_name');
    const wrongType = await client.post('/api/old/users', { last_name: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.fields[0].path).toBe('last_name');
    const unknown = await client.post('/api/old/users', { admin: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual([{ path: 'admin', message: "Unrecognized field 'admin'" }]);
  });
});

describe('bad input never answers 500', () => {
  it('answers malformed JSON with 400', async () => {
    const client = await signedInClient(t);
    const res = await client.post('/api/old/users', '{"first_name": ');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('MALFORMED_JSON');
  });

  it('answers a body over 1 MB with 413', async () => {
    const client = await signedInClient(t);
    const res = await client.post('/api/old/users', { first_name: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers missing sign-in fields with the spec messages', async () => {
    const client = new TestClient(t.app);
    const token = await client.fetchToken();
    const res = await client.post('/api/old/auth', { username: '', _token: token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([
      { path: 'username', message: messages.usernameRequired },
      { path: 'password', message: messages.passwordRequired },
    ]);
  });

  it('answers an array body, a number body and a non-JSON content type without a 500', async () => {
    const client = await signedInClient(t);
    for (const body of ['[]', '42', 'null', '"text"']) {
      const res = await client.post('/api/old/users', body);
      expect(res.statusCode, body).toBe(400);
    }
    const res = await client.post('/api/old/users', undefined, { 'content-type': 'text/xml' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('health, docs and branding', () => {
  it('serves /health.json uncached with the build commit', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ GIT_COMMIT: 'test-commit' });
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('serves an OpenAPI document generated from the contracts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/old/auth',
        '/old/auth/me',
        '/old/auth/generate-token',
        '/old/auth/reset-password',
        '/old/users',
      ]),
    );
    const loginBody = doc.paths['/old/auth'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(loginBody.properties)).toEqual(
      expect.arrayContaining(['username', 'password', 'master_console', 'remember', '_token']),
    );
  });

  it('answers branding with nulls for a domain without one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/branding?host=localhost' });
    expect(res.json()).toEqual({ logoUrl: null, backgroundColor: null });
    const missing = await t.app.inject({ method: 'GET', url: '/api/branding' });
    expect(missing.statusCode, missing.body).toBe(400);
  });
});

describe('cookies behind https', () => {
  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://blinds.example.com' } });
    try {
      const res = await new TestClient(secure.app).get('/api/old/auth/generate-token');
      const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    } finally {
      await secure.close();
    }
    const plain = await new TestClient(t.app).get('/api/old/auth/generate-token');
    expect(plain.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBeUndefined();
  });
});

describe('runtime settings for the web app', () => {
  it('writes the browser-safe settings into index.html, escaped, and nothing secret', async () => {
    const { withRuntimeConfig } = await import('../src/app');
    const html = withRuntimeConfig('<html><head><title>Slat</title></head><body></body></html>', {
      ...t.services,
      config: {
        ...t.services.config,
        posthogKey: 'phc_</script><script>alert(1)</script>',
        sentryDsn: 'https://key@sentry.example/1',
      },
    });
    const block = html.match(/<script id="slat-config" type="application\/json">(.*?)<\/script>/)?.[1];
    expect(block).toBeDefined();
    expect(block).not.toContain('</script>');
    expect(JSON.parse(block!)).toEqual({
      sentryDsn: 'https://key@sentry.example/1',
      posthogKey: 'phc_</script><script>alert(1)</script>',
      posthogHost: null,
      optionsFrameBase: null,
      googleMapsApiKey: null,
    });
    expect(html).not.toContain(t.services.config.databaseUrl ?? 'postgres://');
  });
});
