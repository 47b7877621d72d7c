import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { repoRoot } from '../../config';
import { createPool } from '../../db/client';

/**
 * Security headers on every page and answer: a Content-Security-Policy that lets scripts come
 * only from this origin and the origins remotes.json names, frames nowhere, nosniff, a
 * referrer policy, and HSTS when served over HTTPS. Read from a fake build (always) and from
 * the real build when one exists.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mojud-headers-'));
const shellDist = path.join(tmp, 'shell', 'dist');
const remotesFile = path.join(tmp, 'remotes.json');
// No database is touched: every route here answers before any query.
const pool = createPool('postgres://nobody@127.0.0.1:1/none');
let app: App;
let hsts: App;
let withOrigins: App;

const REMOTES = {
  inventory: 'https://inventory.cdn.example/remoteEntry.js',
  fleet: '/remotes/fleet/remoteEntry.js',
  customers: "https://evil.example 'unsafe-inline'",
  people: 'javascript:alert(1)',
  previewOrigins: ['https://preview-42.example.org', 'data:text/javascript,alert(1)', "'unsafe-eval'"],
};

beforeAll(async () => {
  fs.mkdirSync(path.join(shellDist, 'static', 'js'), { recursive: true });
  fs.writeFileSync(
    path.join(shellDist, 'index.html'),
    '<!doctype html><html><head><script defer src="/static/js/index.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(shellDist, 'static', 'js', 'index.js'), 'console.log(1)');
  fs.writeFileSync(path.join(shellDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  fs.mkdirSync(path.join(tmp, 'fleet', 'dist'), { recursive: true });
  fs.writeFileSync(path.join(tmp, 'fleet', 'dist', 'mf-manifest.json'), '{}');
  fs.writeFileSync(remotesFile, JSON.stringify(REMOTES));
  const opts = { pool, jwtSecret: 'test-secret-that-is-long-enough-for-hs256', appsRoot: tmp, remotesFile };
  app = await buildApp(opts);
  hsts = await buildApp({ ...opts, hsts: true });
  withOrigins = await buildApp({ ...opts, appOrigins: ['https://mojud.example'], corsOrigins: ['https://spec-client.example'] });
});
afterAll(async () => {
  await app?.close();
  await hsts?.close();
  await withOrigins?.close();
  await pool.end();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );

function expectCommonHeaders(headers: Record<string, unknown>, label: string) {
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(headers['x-powered-by'], label).toBeUndefined();
  expect(directives(String(headers['content-security-policy']))['frame-ancestors'], label).toEqual([
    "'none'",
  ]);
}

describe('the HTML shell', () => {
  it.each(['/', '/login', '/inventory/cylinders', '/stores?x=<script>'])(
    '%s has a strict Content-Security-Policy',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expectCommonHeaders(res.headers, url);
      const csp = directives(String(res.headers['content-security-policy']));
      // Scripts: this origin and the remotes' own origins, nothing inline, no eval, no data: URLs.
      expect(new Set(csp['script-src'])).toEqual(
        new Set(["'self'", 'https://inventory.cdn.example', 'https://preview-42.example.org']),
      );
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(csp['form-action']).toEqual(["'self'"]);
      // react-hot-toast and the design system set element styles at run time (see SECURITY.md);
      // a remote's CSS chunks load from its own origin, like its scripts.
      expect(new Set(csp['style-src'])).toEqual(
        new Set([
          "'self'",
          "'unsafe-inline'",
          'https://inventory.cdn.example',
          'https://preview-42.example.org',
        ]),
      );
      for (const [name, values] of Object.entries(csp)) {
        expect(values, name).not.toContain("'unsafe-eval'");
        if (name !== 'style-src') expect(values, name).not.toContain("'unsafe-inline'");
        expect(values.join(' '), name).not.toMatch(/javascript:|evil\.example/);
      }
      expect(res.headers['strict-transport-security'], 'no HSTS on plain http://localhost').toBeUndefined();
    },
  );

  it('sends HSTS when the app is served over HTTPS (PUBLIC_URL not localhost)', async () => {
    const res = await hsts.inject({ url: '/' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000; includeSubDomains/);
    const api = await hsts.inject({ url: '/api/v1/nowhere' });
    expect(api.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it('assets and remotes.json are served with nosniff and frame-ancestors none', async () => {
    for (const url of ['/static/js/index.js', '/remotes.json']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expectCommonHeaders(res.headers, url);
    }
  });
});

describe('the service worker', () => {
  it('is served at /sw.js as JavaScript, revalidated on every load, so a new release reaches phones', async () => {
    const res = await app.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expectCommonHeaders(res.headers, '/sw.js');
    // What the worker fetches follows its own policy: the shell and the remotes' origins.
    expect(directives(String(res.headers['content-security-policy']))['connect-src']).toContain('https://inventory.cdn.example');
    // It precaches the shell's page by its file name: the page as at /, with its headers.
    const shell = await app.inject({ url: '/index.html' });
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['content-security-policy']).toBe((await app.inject({ url: '/' })).headers['content-security-policy']);
  });
});

describe("a remote's files", () => {
  it('may be loaded with CORS from another origin, so a shell there can cache them offline', async () => {
    const res = await app.inject({ url: '/remotes/fleet/mf-manifest.json', headers: { origin: 'https://staging.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expectCommonHeaders(res.headers, '/remotes/fleet/mf-manifest.json');
  });
});

describe('API answers', () => {
  it.each(['/api/v1/health', '/api/v1/user/me', '/api/v1/nowhere'])(
    '%s forbid everything active',
    async (url) => {
      const res = await app.inject({ url });
      expectCommonHeaders(res.headers, url);
      expect(directives(String(res.headers['content-security-policy']))['default-src']).toEqual(["'none'"]);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    },
  );

  it('CORS answers only the configured app origins', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/stores',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("CORS_ORIGINS lets an operator's other client call with credentials and the spec's headers; no one else", async () => {
    const preflight = (origin: string) =>
      withOrigins.inject({
        method: 'OPTIONS',
        url: '/api/v1/stores/s1/cylinders/buy',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
      });
    for (const origin of ['https://spec-client.example', 'https://mojud.example']) {
      const res = await preflight(origin);
      expect(res.statusCode, origin).toBe(204);
      expect(res.headers['access-control-allow-origin'], origin).toBe(origin);
      expect(res.headers['access-control-allow-credentials'], origin).toBe('true');
      expect(String(res.headers['access-control-allow-headers']).toLowerCase(), origin).toMatch(/authorization.*content-type|content-type.*authorization/);
      expect(String(res.headers['access-control-allow-methods']), origin).toContain('PATCH');
    }
    for (const origin of ['https://evil.example', 'https://spec-client.example.evil.example', 'null']) {
      const res = await preflight(origin);
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(res.headers['access-control-allow-credentials'], origin).toBeUndefined();
    }
    // The answer itself (here a 401) carries the origin too, so the client can read the error.
    const answer = await withOrigins.inject({ url: '/api/v1/user/me', headers: { origin: 'https://spec-client.example' } });
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['access-control-allow-origin']).toBe('https://spec-client.example');
    expect(answer.headers.vary).toMatch(/Origin/i);
  });
});

describe('the built shell', () => {
  const built = path.join(repoRoot, 'apps', 'shell', 'dist', 'index.html');
  it.skipIf(!fs.existsSync(built))(
    'has no inline scripts or inline event handlers (CSP would block them)',
    () => {
      const html = fs.readFileSync(built, 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [tag, attrs, body] of scripts) {
        expect(attrs, tag).toMatch(/\bsrc=/);
        expect(body.trim(), tag).toBe('');
      }
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html).not.toMatch(/javascript:/i);
    },
  );
});
