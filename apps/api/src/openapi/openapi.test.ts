import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { createPool } from '../db/client';
import { DOCS_CSP } from './plugin';

/**
 * The OpenAPI document lists every route the app registers (read from app.routeRules, so a
 * route added anywhere is checked without touching this file), each with the schemas its
 * request and its answer are validated with; the reference page is served with its own CSP.
 */
// No database is touched: the document and the page answer before any query.
const pool = createPool('postgres://nobody@127.0.0.1:1/none');
let app: App;
type Operation = {
  parameters?: { in: string; name: string; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
let doc: { openapi: string; paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  app = await buildApp({ pool, jwtSecret: 'test-secret-that-is-long-enough-for-hs256' });
  await app.ready();
  const res = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = res.json();
});
afterAll(async () => {
  await app.close();
  await pool.end();
});

/** `/api/v1/stores/:storeId/x` → `/api/v1/stores/{storeId}/x`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const pathParams = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 and describes routes', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(app.routeRules.length).toBeGreaterThan(20);
  });

  it('lists every route in app.routeRules with a request and a response schema', () => {
    const problems: string[] = [];
    for (const rule of app.routeRules) {
      const name = `${rule.method} ${rule.url}`;
      const op = doc.paths[openApiPath(rule.url)]?.[rule.method.toLowerCase()];
      if (!op) {
        problems.push(`${name}: missing from the document`);
        continue;
      }
      // Request: every path parameter, and a body for the methods that send one.
      const params = new Set((op.parameters ?? []).filter((p) => p.in === 'path' && p.schema).map((p) => p.name));
      for (const param of pathParams(rule.url)) {
        if (!params.has(param)) problems.push(`${name}: path parameter ${param} has no schema`);
      }
      if (['POST', 'PUT', 'PATCH'].includes(rule.method) && !op.requestBody?.content?.['application/json']?.schema) {
        problems.push(`${name}: no request body schema`);
      }
      // Response: a success answer with its schema (204 carries none by definition), or a
      // redirect (3xx: its Location and no body; bKash's callback sends the payer back so).
      const success = Object.entries(op.responses ?? {}).filter(([code]) => /^[23]\d\d$/.test(code));
      if (success.length === 0) problems.push(`${name}: no response schema`);
      for (const [code, response] of success) {
        const typed = Object.values(response.content ?? {}).some((media) => media.schema);
        if (code !== '204' && !code.startsWith('3') && !typed) problems.push(`${name}: response ${code} has no schema`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('describes only the API, not the web app it also serves', () => {
    for (const path of Object.keys(doc.paths)) expect(path.startsWith('/api/v1/')).toBe(true);
  });
});

describe('API reference page', () => {
  it('is served at /api/docs from this server with a CSP for that page alone', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe(DOCS_CSP);
    expect(page.body).toContain('<title>Mojud API</title>');
    // Its scripts are files of this origin: no CDN, nothing inline.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/);
    expect(page.body).not.toMatch(/https?:\/\//);
    for (const src of [...page.body.matchAll(/src="([^"]+)"/g)].map((m) => m[1])) {
      const asset = await app.inject({ method: 'GET', url: new URL(src, 'http://x/api/docs/').pathname });
      expect(asset.statusCode, src).toBe(200);
      expect(asset.headers['content-security-policy']).toBe(DOCS_CSP);
    }
  });

  it('leaves every other answer under the strict policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  });
});
