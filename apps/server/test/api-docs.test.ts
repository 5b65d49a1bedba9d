import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { API_AUDIENCE_TAGS } from '@slat/contracts';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

// Decision 033: the document at /api/docs/json is valid OpenAPI 3.1 for the tools people feed it
// to, and /api/docs is a page over it that works offline under its own policy.
let t: TestApp;
let doc: OpenAPIV3_1.Document;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
type Operation = OpenAPIV3_1.OperationObject & { key: string };

const operationsOf = (document: OpenAPIV3_1.Document): Operation[] =>
  Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = item?.[method];
      return op ? [{ ...op, key: `${method.toUpperCase()} ${path}` }] : [];
    }),
  );

const refOf = (answer: unknown) => (answer as { $ref?: string } | undefined)?.$ref;

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await t?.close();
});

describe('the OpenAPI document at /api/docs/json', () => {
  it('is OpenAPI 3.1 that swagger-parser validates', async () => {
    expect(doc.openapi).toBe('3.1.0');
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it("passes redocly's recommended rules with no errors", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: '/api/docs/json',
      config,
    });
    const errors = problems.filter((p) => p.severity === 'error');
    const warnings = problems.filter((p) => p.severity === 'warn');
    const byRule = (list: typeof problems) => {
      const counts = new Map<string, number>();
      for (const p of list) counts.set(p.ruleId, (counts.get(p.ruleId) ?? 0) + 1);
      return [...counts].map(([rule, n]) => `${rule}×${n}`).join(' ');
    };
    console.log(
      `redocly lint (recommended): ${errors.length} errors, ${warnings.length} warnings ${byRule(warnings)}`,
    );
    expect(errors.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it('gives every operation a unique operationId named after its contract', () => {
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(100);
    const ids = operations.map((op) => op.operationId);
    for (const op of operations) expect(op.operationId, op.key).toMatch(/^[a-z][A-Za-z0-9]+$/);
    expect(new Set(ids).size).toBe(ids.length);
    const signIn = doc.paths?.['/old/auth']?.post;
    expect(signIn?.operationId).toBe('login');
  });

  it('lists the dealer, public and supplier APIs apart: each operation has exactly one of the three tags', () => {
    const audiences = Object.values(API_AUDIENCE_TAGS);
    expect(audiences).toEqual(['Dealer API', 'Public API', 'Supplier API']);
    expect(doc.tags?.map((tag) => tag.name)).toEqual(audiences);
    const counts = new Map<string, number>();
    for (const op of operationsOf(doc)) {
      expect(op.tags, op.key).toHaveLength(1);
      expect(audiences, op.key).toContain(op.tags?.[0]);
      counts.set(op.tags?.[0] ?? '', (counts.get(op.tags?.[0] ?? '') ?? 0) + 1);
    }
    for (const audience of audiences) expect(counts.get(audience), audience).toBeGreaterThan(0);
  });

  it('declares the session cookie, the CSRF header and the supplier bearer, and each operation asks for what its auth needs', () => {
    expect(doc.components?.securitySchemes).toEqual({
      sessionCookie: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'slat_session' }),
      csrfToken: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-CSRF-Token' }),
      supplierBearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    const paths = doc.paths ?? {};
    expect(paths['/deals/{id}']?.get?.security).toEqual([{ sessionCookie: [] }]);
    expect(paths['/old/auth/logout']?.post?.security).toEqual([{ sessionCookie: [], csrfToken: [] }]);
    expect(paths['/old/auth/generate-token']?.get?.security).toEqual([]);
    for (const op of operationsOf(doc)) {
      expect(op.security, op.key).toBeDefined();
      const schemes = (op.security ?? []).flatMap((requirement) => Object.keys(requirement));
      if (op.tags?.[0] === 'Supplier API') expect(schemes, op.key).toEqual(['supplierBearer']);
      if (op.tags?.[0] === 'Dealer API') expect(schemes, op.key).toContain('sessionCookie');
      if (op.key.startsWith('GET')) expect(schemes, op.key).not.toContain('csrfToken');
    }
  });

  it('documents the error shape once and the refusals of each call: at least 400, and 401 on every guarded call', () => {
    expect(doc.components?.schemas?.ApiError).toMatchObject({
      type: 'object',
      properties: {
        error: { properties: { code: { enum: expect.arrayContaining(['VALIDATION_FAILED']) } } },
      },
    });
    expect(Object.keys(doc.components?.responses ?? {})).toEqual([
      'BadRequest',
      'Unauthenticated',
      'NotFound',
      'Conflict',
      'CsrfTokenMismatch',
      'RateLimited',
    ]);
    for (const op of operationsOf(doc)) {
      const responses = op.responses ?? {};
      expect(refOf(responses['400']), op.key).toBe('#/components/responses/BadRequest');
      if (op.tags?.[0] !== 'Public API')
        expect(refOf(responses['401']), op.key).toBe('#/components/responses/Unauthenticated');
      if (op.security?.some((r) => 'csrfToken' in r))
        expect(refOf(responses['419']), op.key).toBe('#/components/responses/CsrfTokenMismatch');
      if (op.key.includes('{'))
        expect(refOf(responses['404']), op.key).toBe('#/components/responses/NotFound');
    }
    const deal = doc.paths?.['/deals/{id}'];
    expect(Object.keys(deal?.get?.responses ?? {})).toEqual(['200', '400', '401', '404']);
  });

  it('leaves the document, the page and its files out of the document', () => {
    expect(Object.keys(doc.paths ?? {}).filter((p) => p.startsWith('/docs'))).toEqual([]);
  });
});

describe('the API reference page at /api/docs', () => {
  it('answers HTML whose scripts and style sheet are served from here, under a policy without inline script', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(page.body).not.toMatch(/<script>(?!<\/script>)|<script [^>]*>[^<]/);

    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1] ?? '');
    const styles = [...page.body.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(scripts).toEqual(['/api/docs/assets/swagger-ui-bundle.js', '/api/docs/assets/api-reference.js']);
    expect(styles).toEqual(['/api/docs/assets/swagger-ui.css']);
    for (const url of scripts) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/javascript/);
    }
    const bundle = await t.app.inject({ method: 'GET', url: scripts[0] ?? '' });
    expect(bundle.body).toContain('SwaggerUIBundle');
    const init = await t.app.inject({ method: 'GET', url: scripts[1] ?? '' });
    expect(init.body).toContain("url: '/api/docs/json'");
    const css = await t.app.inject({ method: 'GET', url: styles[0] ?? '' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body).toContain('.swagger-ui');
  });

  it('sends the bundle compressed to a browser, and the same bytes once decoded', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/assets/swagger-ui-bundle.js' });
    const br = await t.app.inject({
      method: 'GET',
      url: '/api/docs/assets/swagger-ui-bundle.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const { brotliDecompressSync } = await import('node:zlib');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('answers 404 in the error shape for a file of swagger-ui-dist the page does not use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/assets/index.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});
