import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { createTestApp, newUserBody, type TestContext } from '../../tooling/test/helpers';

/** A port to listen on: CLUSTER_TEST_PORT, else one the system reports free. */
async function freePort(): Promise<number> {
  if (process.env.CLUSTER_TEST_PORT) return Number(process.env.CLUSTER_TEST_PORT);
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let ctx: TestContext;
let primary: ChildProcess;
let base: string;
let output = '';

beforeAll(async () => {
  ctx = await createTestApp({ jobs: false, listen: false });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  primary = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, WORKERS: '2', SHUTDOWN_GRACE_MS: '1500', DATABASE_URL: ctx.url, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  primary.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  primary.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const started = Date.now();
  while (!output.includes('2 API processes are serving')) {
    if (primary.exitCode !== null || Date.now() - started > 60_000) throw new Error(`WORKERS=2 did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}, 90_000);

afterAll(async () => {
  if (primary.exitCode === null) {
    primary.kill('SIGKILL');
    await new Promise((r) => primary.once('exit', r));
  }
  await ctx.close();
});

describe('WORKERS=2', () => {
  it('runs two API processes on one port that answer readiness and liveness', async () => {
    const children = execFileSync('ps', ['--ppid', String(primary.pid), '-o', 'pid=,args='])
      .toString()
      .split('\n')
      .filter((line) => line.includes('main.ts'));
    expect(children, output).toHaveLength(2);
    expect((await fetch(`${base}/api/v1/health/live`)).status).toBe(200);
    const ready = await fetch(`${base}/api/v1/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('serves a signed-in user through either process, and the web app when it is built', async () => {
    const body = newUserBody('cluster');
    const json = { 'content-type': 'application/json' };
    expect((await fetch(`${base}/api/v1/auth/register`, { method: 'POST', headers: json, body: JSON.stringify(body) })).status).toBe(201);
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ loginIdentifier: body.username, password: body.password }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    // New connections go to the processes in turn: every one of these is answered.
    for (let i = 0; i < 6; i++) {
      const me = await fetch(`${base}/api/v1/user/me`, { headers: { authorization: `Bearer ${accessToken}`, connection: 'close' } });
      expect(me.status).toBe(200);
    }
    if (fs.existsSync(path.join(repoRoot, 'apps/shell/dist/index.html'))) {
      const page = await fetch(`${base}/`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('<script');
    }
  });

  it('on SIGTERM, reports not ready, answers what was sent, and stops every process', async () => {
    const exited = new Promise<number | null>((resolve) => primary.once('exit', (c) => resolve(c)));
    const inFlight = Array.from({ length: 10 }, () =>
      fetch(`${base}/api/v1/health/live`, { headers: { connection: 'close' } }).then(
        (r) => r.status,
        (e: Error) => String((e.cause as { code?: string } | undefined)?.code ?? e.message),
      ),
    );
    primary.kill('SIGTERM');
    // Within the grace period the processes still serve, but tell a proxy to stop sending.
    let notReady = false;
    for (let i = 0; i < 20 && !notReady; i++) {
      notReady = (await fetch(`${base}/api/v1/health/ready`, { headers: { connection: 'close' } })).status === 503;
    }
    expect(notReady).toBe(true);
    expect(await Promise.all(inFlight)).toEqual(Array(10).fill(200));
    expect(await exited).toBe(0);
  }, 60_000);
});
