// Build times (cold: no dist, no cache; cached: an Nx cache hit) and what each app ships,
// gzip-compressed as the server sends it.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { kib, root, stat, table, writeSection } from './lib.mjs';

const APPS = ['shell', 'inventory', 'fleet', 'customers', 'people'];
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const env = { ...process.env, NX_DAEMON: 'false' };

const time = (cmd, cwd = root) => {
  const t = process.hrtime.bigint();
  execSync(cmd, { cwd, env, stdio: 'pipe' });
  return Number(process.hrtime.bigint() - t) / 1e9;
};
const gz = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

const rows = [];
for (const app of APPS) {
  const dir = path.join(root, 'apps', app);
  const cold = [];
  const cached = [];
  for (let i = 0; i < RUNS; i++) {
    fs.rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
    cold.push(time('npx rsbuild build', dir));
  }
  time(`npx nx run ${app}:build --outputStyle=static`); // fill the cache
  for (let i = 0; i < RUNS; i++) cached.push(time(`npx nx run ${app}:build --outputStyle=static`));
  rows.push([app, stat(cold, ' s', 2), stat(cached, ' s', 2)]);
}
// Leave complete, compressed builds behind for the other benchmarks.
execSync(`npx nx run-many -t build --projects=${APPS.join(',')} --skip-nx-cache --outputStyle=static`, { cwd: root, env, stdio: 'pipe' });

// What the shell's HTML loads before anything else runs.
const shellDist = path.join(root, 'apps', 'shell', 'dist');
const html = fs.readFileSync(path.join(shellDist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/<script[^>]+src="\/?([^"]+)"/g)].map((m) => path.join(shellDist, m[1]));
const initialGz = initial.reduce((sum, f) => sum + gz(f), 0);

// Each remote: its entry plus the chunks its exposed modules load synchronously.
const sizeRows = [['shell', 'index.html scripts', kib(initialGz)]];
for (const app of APPS.slice(1)) {
  const dist = path.join(root, 'apps', app, 'dist');
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
  const entry = gz(path.join(dist, manifest.metaData.remoteEntry.name));
  sizeRows.push([app, 'remoteEntry.js', kib(entry)]);
  for (const expose of manifest.exposes) {
    const files = [...expose.assets.js.sync, ...expose.assets.css.sync];
    const bytes = files.reduce((sum, f) => sum + gz(path.join(dist, f)), 0);
    sizeRows.push([app, `${expose.path} (${files.length} files)`, kib(bytes)]);
  }
}

writeSection(
  '10-build',
  `## Builds
${RUNS} runs each; median (min–max). Cold = no dist and no cache (\`rsbuild build\`); cached = \`nx run <app>:build\` answered from the Nx cache.

${table(['app', 'cold build', 'cached build'], rows)}

### What each app ships (gzip -9, KiB)
Exposed chunks exclude the shared singletons (React, router, query, zustand, axios, the @mojud libs), which the shell provides once.

${table(['app', 'part', 'KiB gzip'], sizeRows)}`,
);
console.log('build benchmark done');
