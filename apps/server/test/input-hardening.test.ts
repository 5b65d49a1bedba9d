import { apiErrorSchema, contactMessages, defineRawEndpoint, messages, textMessages } from '@slat/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { rawRoute } from '../src/plugins/api';
import {
  TestClient as Client,
  createTestApp,
  signedInClient,
  type TestApp,
  type TestClient,
  uploadAs,
} from './harness';

// The findings of the input probe, each a 500 or a wrong acceptance before the fix.

let t: TestApp;
let client: TestClient;
let dealId: number;

beforeAll(async () => {
  t = await createTestApp();
  client = await signedInClient(t);
  const workflow = (await client.get('/api/workflows')).json()[0];
  dealId = (await client.post('/api/deals', { workflowId: workflow.id, name: 'Hardening' })).json().id;
});
afterAll(async () => {
  await t?.close();
});

/** A refusal in the standard JSON error shape; its field errors. */
function refused(res: LightMyRequestResponse, status = 400) {
  expect(res.statusCode, res.body).toBe(status);
  const body = apiErrorSchema.parse(res.json());
  return body.error.fields;
}

describe('ids beyond the int4 column', () => {
  it('answers 404 or 400 to an id of 2³¹ (never 500), and 404 to 2³¹ − 1', async () => {
    for (const id of ['2147483648', '1e300', '99999999999999999999', '-1']) {
      const res = await client.get(`/api/deals/${id}`);
      expect([400, 404], `${id}: ${res.body}`).toContain(res.statusCode);
      apiErrorSchema.parse(res.json());
    }
    refused(await client.get('/api/deals/2147483647'), 404);
  });

  it('refuses an id of 2³¹ in a body and a query, naming the field', async () => {
    expect(refused(await client.post('/api/deals', { workflowId: 2147483648, name: 'x' }))[0]?.path).toBe(
      'workflowId',
    );
    expect(refused(await client.get('/api/deals?workflowId=2147483648'))[0]?.path).toBe('workflowId');
  });
});

describe('ids spelled one way', () => {
  const spellings = ['0x10', '1e0', '%201', '+1', '01', '1.0', '1%20', '0'];

  it('refuses every other spelling of a number in a path, naming the parameter', async () => {
    for (const id of [...spellings, String(dealId).padStart(3, '0')]) {
      const urls = [
        [`/api/deals/${id}`, 'id'],
        [`/api/deal-quotes/${id}`, 'id'],
        [`/api/deals/${id}/quotes`, 'dealId'],
      ];
      for (const [url, param] of urls) {
        expect(
          refused(await client.get(url!)).map((f) => f.path),
          url,
        ).toEqual([param]);
      }
    }
    expect((await client.get(`/api/deals/${dealId}`)).statusCode).toBe(200);
  });

  it('refuses every other spelling of a number in a query, naming the parameter', async () => {
    const workflowId = (await client.get('/api/workflows')).json()[0].id as number;
    for (const id of [...spellings, `0${workflowId}`]) {
      const fields = refused(await client.get(`/api/deals?workflowId=${id}`));
      expect(
        fields.map((f) => f.path),
        id,
      ).toEqual(['workflowId']);
    }
    expect((await client.get(`/api/deals?workflowId=${workflowId}`)).statusCode).toBe(200);
  });
});

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL in the sign-in username with 400, signed out', async () => {
    const anonymous = new Client(t.app);
    const token = await anonymous.fetchToken();
    const res = await anonymous.post('/api/old/auth', {
      username: 'de\u0000mo',
      password: 'x',
      _token: token,
    });
    expect(refused(res)).toEqual([{ path: 'username', message: textMessages.nul }]);
  });

  it('refuses a NUL in a query parameter of a public call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/branding?host=%00' });
    expect(refused(res)).toEqual([{ path: 'host', message: textMessages.nul }]);
  });

  it('refuses a NUL or an unpaired surrogate anywhere in free JSON, keys included', async () => {
    const contact = (await client.post('/api/contacts/create', { name: 'Free JSON' })).json();
    const url = `/api/contacts/${contact.id}/update`;
    expect(refused(await client.post(url, { externalData: { notes: ['ok', 'a\u0000b'] } }))).toEqual([
      { path: 'externalData.notes[1]', message: textMessages.nul },
    ]);
    expect(refused(await client.post(url, { externalData: { 'k\u0000': 1 } }))[0]?.path).toBe(
      'externalData.k\u0000',
    );
    expect(refused(await client.post(url, { externalData: { name: '\ud800' } }))).toEqual([
      { path: 'externalData.name', message: textMessages.surrogate },
    ]);
    expect((await client.post(url, { externalData: { name: 'Zoë 😀 \u0001' } })).statusCode).toBe(200);
  });
});

describe('dates on the wire', () => {
  const url = () => `/api/deals/${dealId}/events`;
  const onDate = (date: string) => client.post(url(), { title: 'Measure', temporalData: { date: { date } } });

  it.each(['2026-02-30', '2026-13-45', '2026-00-00', '0000-01-01', '2026-02-29', '2100-02-29'])(
    'refuses %s with the spec message',
    async (date) => {
      expect(refused(await onDate(date))).toEqual([
        { path: 'temporalData.date.date', message: `Value '${date}' is not a valid dateOnly format` },
      ]);
    },
  );

  it('refuses an impossible clock time with the dateTimeLocal message', async () => {
    const res = await client.post(url(), {
      title: 'Install',
      temporalData: { time: { time: '2026-11-23 25:00:00', zone: 'Australia/Sydney' } },
    });
    expect(refused(res)).toEqual([
      {
        path: 'temporalData.time.time',
        message: "Value '2026-11-23 25:00:00' is not a valid dateTimeLocal format",
      },
    ]);
  });

  it('accepts leap days of leap years and stores the day it was given; the feed still answers', async () => {
    for (const date of ['2028-02-29', '2000-02-29']) {
      const res = await onDate(date);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().temporalData).toEqual({ date: { date } });
    }
    const feed = (await client.post('/api/calendar/feed')).json().url as string;
    expect((await t.app.inject({ method: 'GET', url: new URL(feed).pathname })).statusCode).toBe(200);
  });
});

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

describe('downloads named outside Latin-1', () => {
  it('serves a logo named "Łódź logo ✓.png" with its name in filename* and an ASCII fallback', async () => {
    const name = 'Łódź logo ✓.png';
    const upload = await uploadAs(client, '/api/old/account-settings/dealer-portal/logo', {
      filename: name,
      content: PNG,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: upload.json().companyLogoDocumentUrl });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="_odz logo _.png"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
  });
});

describe('contact links', () => {
  it('accepts only http and https externalLink values, naming the field otherwise', async () => {
    const contact = (await client.post('/api/contacts/create', { name: 'Linked' })).json();
    const url = `/api/contacts/${contact.id}/update`;
    for (const link of [
      'javascript:alert(document.cookie)',
      'data:text/html,<script>x</script>',
      'vbscript:msgbox(1)',
    ]) {
      expect(refused(await client.post(url, { externalLink: link })), link).toEqual([
        { path: 'externalLink', message: contactMessages.linkInvalid },
      ]);
    }
    const ok = await client.post(url, { externalLink: 'https://crm.example.com/contacts/42' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().externalLink).toBe('https://crm.example.com/contacts/42');
  });
});

describe('error answers', () => {
  it('masks every 5xx: a header Node cannot send, a thrown non-Error, a hook failing with a 503', async () => {
    const probe = (path: string) =>
      defineRawEndpoint({
        method: 'GET',
        path,
        summary: 'A probe that fails',
        // Public: a probe in a throwaway app.
        auth: 'public',
        produces: 'text/plain',
      });
    const app = await buildApp({
      services: t.services,
      modules: [
        {
          name: 'probe',
          register: (api) => {
            api.addHook('preHandler', async (request) => {
              if (request.url.endsWith('/hook'))
                throw Object.assign(new Error('pool password=hunter2'), {
                  statusCode: 503,
                  code: 'FST_PROBE',
                });
            });
            rawRoute(api, probe('/probe/bad-header'), async ({ reply }) =>
              reply.header('content-disposition', 'inline; filename="Łódź ✓.png"').send('x'),
            );
            rawRoute(api, probe('/probe/throws-text'), async () => {
              throw 'secret text';
            });
            rawRoute(api, probe('/probe/hook'), async () => 'never');
          },
        },
      ],
    });
    try {
      for (const path of ['bad-header', 'throws-text', 'hook']) {
        const res = await app.inject({ method: 'GET', url: `/api/probe/${path}` });
        expect(res.statusCode, path).toBe(500);
        expect(res.json()).toEqual({
          error: { code: 'INTERNAL', message: messages.serverError, fields: [] },
        });
        expect(res.headers['content-disposition']).toBeUndefined();
      }
    } finally {
      await app.close();
    }
  });

  it("answers Fastify's and the multipart parser's refusals in the standard shape", async () => {
    const tooLong = await client.get(`/api/deals/${'9'.repeat(120)}`);
    expect(tooLong.statusCode).toBe(414);
    apiErrorSchema.parse(tooLong.json());
    for (const body of ['no parts here', '']) {
      const res = await client.post('/api/old/account-settings/dealer-portal/logo', body, {
        'content-type': 'multipart/form-data; boundary=nothing-like-it',
      });
      refused(res);
    }
    const noBoundary = await client.post('/api/old/account-settings/dealer-portal/logo', 'x', {
      'content-type': 'multipart/form-data',
    });
    expect(refused(noBoundary)[0]?.message).toMatch(/multipart/);
    refused(await client.post('/api/deals', '<deal/>', { 'content-type': 'application/xml' }), 415);
  });
});
