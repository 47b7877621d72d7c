// `npm start`: build whatever is not built yet (Nx restores unchanged apps from its cache),
// then run the API, which serves the built shell and remotes on http://localhost:3000
// over the embedded PostgreSQL (or DATABASE_URL when set).
import { spawn, spawnSync } from 'node:child_process';
import { ensureDeps } from './ensure-deps.mjs';

ensureDeps();

const APPS = ['shell', 'inventory', 'fleet', 'customers', 'people'];
console.log('Building the apps (cached after the first time)…');
const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', `--projects=${APPS.join(',')}`, '--outputStyle=static'], {
  stdio: 'inherit',
  env: { ...process.env, NX_DAEMON: 'false' },
});
if (build.status !== 0) process.exit(build.status ?? 1);

const api = spawn('npx', ['tsx', 'apps/api/src/main.ts'], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code) => process.exit(code ?? 0));
