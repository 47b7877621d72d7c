import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { REMOTE_NAMES } from '@mojud/contracts';

/** Files whose names never change between builds must be revalidated on every load. */
const ENTRY_FILES = /(^|\/)(index\.html|remoteEntry\.js|mf-manifest\.json|mf-stats\.json|mojud-requires\.json|remotes\.json)$/;

/**
 * A remote's files are public build output: a shell on another origin (a staging shell, or one
 * that takes this server's remotes as a CDN) may load them with CORS (`crossorigin="anonymous"`),
 * so that its service worker can cache them and see their status, not an opaque answer.
 */
function allowOtherOrigins(res: { setHeader(name: string, value: string): unknown }) {
  res.setHeader('Access-Control-Allow-Origin', '*');
}

function setCacheHeaders(res: { setHeader(name: string, value: string): unknown }, filePath: string) {
  allowOtherOrigins(res);
  if (ENTRY_FILES.test(filePath)) {
    res.setHeader('Cache-Control', 'no-cache');
  } else if (/[/\\]static[/\\]/.test(filePath)) {
    // rsbuild puts content-hashed files under static/: safe to keep for a year.
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    res.setHeader('Cache-Control', 'no-cache');
  }
}

interface RemotesFile {
  previewOrigins?: string[];
  [name: string]: unknown;
}

/** Every manifest URL an entry names: a plain URL, or a release with its canary and fallbacks. */
function entryUrls(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [value];
  const entry = value as { url?: unknown; canary?: { url?: unknown }; previous?: { url?: unknown }[] };
  return [entry.url, entry.canary?.url, ...(Array.isArray(entry.previous) ? entry.previous.map((p) => p?.url) : [])];
}

/**
 * Serves the built shell at `/` (with history fallback), each remote at `/remotes/<name>/`,
 * and `/remotes.json`, read on every request so a remote can be repointed without a rebuild.
 */
export default fp(
  async (app, opts: { appsRoot: string; remotesFile?: string; releasesDir?: string }) => {
    const shellDist = path.join(opts.appsRoot, 'shell', 'dist');
    const remotesFile = opts.remotesFile ?? path.join(shellDist, 'remotes.json');

    const readRemotes = (): { text: string; parsed: RemotesFile | null } | null => {
      try {
        const text = fs.readFileSync(remotesFile, 'utf8');
        try {
          return { text, parsed: JSON.parse(text) as RemotesFile };
        } catch {
          return { text, parsed: null };
        }
      } catch {
        return null;
      }
    };

    /** Scripts and styles may come from this origin and from the origins remotes.json names. */
    const contentSecurityPolicy = () => {
      const origins = new Set<string>();
      const remotes = readRemotes()?.parsed;
      if (remotes) {
        for (const [name, value] of Object.entries(remotes)) {
          const urls = name === 'previewOrigins' && Array.isArray(value) ? value : entryUrls(value);
          for (const url of urls) {
            try {
              if (typeof url === 'string' && /^https?:/.test(url)) origins.add(new URL(url).origin);
            } catch {
              /* a bad entry is reported by the shell, not here */
            }
          }
        }
      }
      const extra = [...origins].join(' ');
      return [
        "default-src 'self'",
        `script-src 'self' ${extra}`.trim(),
        `connect-src 'self' ${extra}`.trim(),
        // A remote's CSS chunks come from its own origin, like its scripts (a preview or a CDN build).
        `style-src 'self' 'unsafe-inline' ${extra}`.trim(),
        `img-src 'self' data: blob: ${extra}`.trim(),
        `font-src 'self' data: ${extra}`.trim(),
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; ');
    };

    const sendIndex = (reply: FastifyReply) =>
      reply
        .header('Cache-Control', 'no-cache')
        .header('Content-Security-Policy', contentSecurityPolicy())
        .type('text/html; charset=utf-8')
        .sendFile('index.html', shellDist);

    app.get('/remotes.json', async (_request, reply) => {
      const remotes = readRemotes();
      if (!remotes) return reply.status(404).send({ status: 404, message: 'remotes.json not found', code: 'notFound', errors: null });
      return reply.header('Cache-Control', 'no-cache').type('application/json').send(remotes.text);
    });

    for (const name of REMOTE_NAMES) {
      const root = path.join(opts.appsRoot, name, 'dist');
      if (!fs.existsSync(root)) continue;
      await app.register(fastifyStatic, {
        root,
        prefix: `/remotes/${name}/`,
        decorateReply: false,
        index: false,
        preCompressed: true,
        setHeaders: setCacheHeaders,
        // build/ holds the chunk graph the byte budgets read, not something a browser loads.
        allowedPath: (pathName) => !pathName.startsWith('/build/'),
      });
    }

    // Releases never change once published (their folder names the version and commit), so
    // every file, the manifest included, may be cached for good. Only the remotes file moves.
    if (opts.releasesDir) {
      for (const name of REMOTE_NAMES) {
        const root = path.join(opts.releasesDir, name);
        fs.mkdirSync(root, { recursive: true });
        await app.register(fastifyStatic, {
          root,
          prefix: `/releases/${name}/`,
          decorateReply: false,
          index: false,
          preCompressed: true,
          maxAge: '365d',
          immutable: true,
          setHeaders: allowOtherOrigins,
        });
      }
    }

    if (!fs.existsSync(path.join(shellDist, 'index.html'))) {
      app.log.warn(`No built shell at ${shellDist}; run "npm run build" to serve the app`);
      return;
    }
    // Hashed assets from the static plugin; everything else below is routed by hand so that
    // remotes.json and index.html keep their own headers.
    await app.register(fastifyStatic, {
      root: path.join(shellDist, 'static'),
      prefix: '/static/',
      index: false,
      preCompressed: true,
      setHeaders: setCacheHeaders,
    });
    // The app icons the HTML and the web app manifest name (apps/shell/public/icons).
    if (fs.existsSync(path.join(shellDist, 'icons'))) {
      await app.register(fastifyStatic, {
        root: path.join(shellDist, 'icons'),
        prefix: '/icons/',
        decorateReply: false,
        index: false,
        setHeaders: setCacheHeaders,
      });
    }
    const topLevelFiles = new Set(
      fs.readdirSync(shellDist).filter((f) => !['index.html', 'remotes.json'].includes(f) && fs.statSync(path.join(shellDist, f)).isFile()),
    );
    // The shell's own routes (/login, /inventory/…) all render index.html.
    app.get('/', (_request, reply) => sendIndex(reply));
    app.get('/*', (request, reply) => {
      const url = decodeURIComponent(request.url.split('?')[0]);
      const name = url.slice(1);
      if (name === 'manifest.webmanifest' && topLevelFiles.has(name)) {
        // The web app manifest's registered type; browsers ignore one served as octet-stream.
        return reply.header('Cache-Control', 'no-cache').type('application/manifest+json').sendFile(name, shellDist);
      }
      // The service worker precaches the shell's page by this name (its offline fallback).
      if (name === 'index.html') return sendIndex(reply);
      if (name === 'sw.js' && topLevelFiles.has(name)) {
        // The service worker (apps/shell/src/sw/sw.ts): always checked, so a release reaches
        // phones on their next load; its scope is the whole app.
        return reply
          .header('Cache-Control', 'no-cache')
          .header('Service-Worker-Allowed', '/')
          // Its own fetches follow this policy: the page's (this origin and the remotes' origins).
          .header('Content-Security-Policy', contentSecurityPolicy())
          .type('text/javascript; charset=utf-8')
          .sendFile(name, shellDist, { cacheControl: false });
      }
      if (topLevelFiles.has(name)) return reply.header('Cache-Control', 'no-cache').sendFile(name, shellDist);
      if (url.startsWith('/api/') || url.startsWith('/remotes/') || url.startsWith('/releases/') || path.extname(url)) {
        return reply.status(404).send({ status: 404, message: 'Not found', code: 'notFound', errors: null });
      }
      // A customer's statement (/s/<token>): not for search engines, and the token in the
      // address goes to no other site as a referrer.
      if (url.startsWith('/s/')) reply.header('X-Robots-Tag', 'noindex, nofollow').header('Referrer-Policy', 'no-referrer');
      return sendIndex(reply);
    });
  },
  { name: 'static-apps' },
);
