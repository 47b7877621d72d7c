// `npm run dev`: the API (restarting on change) on :3000 and every app's dev server with hot
// reload: shell 4200, inventory 4201, fleet 4202, customers 4203, people 4204.
// Open http://localhost:4200; the shell proxies /api to the API.
import { spawn } from 'node:child_process';
import { ensureDeps } from './ensure-deps.mjs';

ensureDeps();

const children = [
  // The API's default app origins already include every dev server (each remote's harness refreshes too).
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/api/src/main.ts'], { stdio: 'inherit' }),
  spawn(
    'npx',
    ['nx', 'run-many', '-t', 'dev', '--projects=shell,inventory,fleet,customers,people', '--parallel=5', '--outputStyle=stream'],
    { stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false' } },
  ),
];

const stop = (signal) => children.forEach((c) => c.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const c of children) c.on('exit', (code) => { stop('SIGTERM'); process.exitCode ||= code ?? 0; });
