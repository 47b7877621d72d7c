import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const join = (...parts: string[]) => `/${parts.filter(Boolean).join('/')}`.replace(/\/+/g, '/');

/** The source file of a remote's exposed module, read from the remote's own `exposes.mjs`. */
function exposedFile(remote: string, module: string): string {
  const exposes = read(`apps/${remote}/exposes.mjs`);
  const escaped = module.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`'\\./${escaped}':\\s*'\\./([^']+)'`).exec(exposes);
  if (!found) throw new Error(`apps/${remote}/exposes.mjs exposes no ./${module}`);
  return `apps/${remote}/${found[1]}`;
}

/**
 * Every address pattern the app answers to, read from the routers' sources: the shell router,
 * the remote mounts, and the <Route>s of every mounted module that has its own (a remote's
 * `./routes`, or a module like `inventory/sales` mounted at /sales/*; a catch-all redirect is
 * not a page). `*` is the shell's page for an unknown address.
 */
export function routerRoutes(): string[] {
  const routes = new Set<string>();
  const shell = read('apps/shell/src/router.tsx');
  // The shell's routes are a nested object literal; paths other than the remote spreads are literal.
  if (/\{\s*index: true/.test(shell)) routes.add('/');
  for (const [, p] of shell.matchAll(/\{ path: '([^']+)'/g)) routes.add(p === '*' ? '*' : join(p));

  const mounts = read('apps/shell/src/federation/remote-routes.ts');
  for (const [, p, remote, module] of mounts.matchAll(/path: '([^']+)',\s*remote: '([^']+)',\s*module: '([^']+)'/g)) {
    const mount = p.replace(/\/\*$/, '');
    const source = read(exposedFile(remote, module));
    if (!/<Route\b/.test(source)) {
      routes.add(join(mount));
      continue;
    }
    if (/<Route index/.test(source)) routes.add(join(mount));
    for (const [, sub] of source.matchAll(/<Route path="([^"]+)"/g)) if (sub !== '*') routes.add(join(mount, sub));
  }
  return [...routes].sort();
}
