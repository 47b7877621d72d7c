import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { createTestApp, newUserBody, type TestContext } from '../../tooling/test/helpers';

/**
 * docs/deploy/nginx.conf, run as written, in front of two API processes on one database: the
 * deployment docs/operations.md describes, on one machine. nginx comes from Debian's packages
 * (.ci/run installs it); without it here the test is skipped, saying so.
 */
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
if (!nginx) console.warn('nginx is not installed (apt-get install nginx-light): the proxy deployment test is skipped');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
/** Ports from PROXY_TEST_PORTS ("proxy,api1,api2"), else free ones. */
async function ports(): Promise<number[]> {
  if (process.env.PROXY_TEST_PORTS) return process.env.PROXY_TEST_PORTS.split(',').map(Number);
  return [await freePort(), await freePort(), await freePort()];
}

async function waitFor(url: string, process: ChildProcess, log: () => string) {
  const started = Date.now();
  for (;;) {
    if (process.exitCode !== null) throw new Error(`exited early:\n${log()}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) throw new Error(`no answer from ${url}:\n${log()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(!nginx)('two API processes behind nginx (docs/deploy/nginx.conf)', () => {
  let ctx: TestContext;
  let prefix: string;
  const processes: ChildProcess[] = [];
  let base: string;
  let apiPorts: number[];
  let output = '';

  beforeAll(async () => {
    ctx = await createTestApp({ jobs: false, listen: false });
    const [proxyPort, ...rest] = await ports();
    apiPorts = rest;
    base = `http://127.0.0.1:${proxyPort}`;
    for (const port of apiPorts) {
      const api = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/main.ts')], {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: ctx.url, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '0', LOG_LEVEL: 'warn', TRUST_PROXY: '1', LOGIN_RATE_PER_MINUTE: '6' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      api.stdout!.on('data', (d: Buffer) => (output += d.toString()));
      api.stderr!.on('data', (d: Buffer) => (output += d.toString()));
      processes.push(api);
    }
    prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'mojud-nginx-'));
    for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(prefix, dir));
    const conf = fs
      .readFileSync(path.join(repoRoot, 'docs/deploy/nginx.conf'), 'utf8')
      .replaceAll('{{PREFIX}}', prefix)
      .replace('{{LISTEN}}', `127.0.0.1:${proxyPort}`)
      .replace('{{API_1}}', `127.0.0.1:${apiPorts[0]}`)
      .replace('{{API_2}}', `127.0.0.1:${apiPorts[1]}`);
    fs.writeFileSync(path.join(prefix, 'nginx.conf'), conf);
    execFileSync(nginx!, ['-t', '-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'pipe' });
    const proxy = spawn(nginx!, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
    proxy.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    processes.push(proxy);
    for (const port of apiPorts) await waitFor(`http://127.0.0.1:${port}/api/v1/health/ready`, processes[0], () => output);
    await waitFor(`${base}/api/v1/health/ready`, proxy, () => output);
  }, 120_000);

  afterAll(async () => {
    for (const p of processes) {
      if (p.exitCode === null) {
        p.kill('SIGTERM');
        await new Promise((r) => p.once('exit', r));
      }
    }
    if (prefix) fs.rmSync(prefix, { recursive: true, force: true });
    await ctx?.close();
  });

  it('serves a user through the proxy, and sign-in failures from one address reach the limit across both processes', async () => {
    const body = newUserBody('proxied');
    const json = { 'content-type': 'application/json' };
    expect((await fetch(`${base}/api/v1/auth/register`, { method: 'POST', headers: json, body: JSON.stringify(body) })).status).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { ...json, connection: 'close' },
        body: JSON.stringify({ loginIdentifier: `nobody${i}@example.com`, password: 'wrong password' }),
      });
      statuses.push(res.status);
    }
    // nginx sends them to the two processes in turn; the limit of 6 holds across both.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
  });

  it('keeps serving when one API process stops', async () => {
    const first = processes[0];
    first.kill('SIGTERM');
    await new Promise((r) => first.once('exit', r));
    for (let i = 0; i < 4; i++) {
      expect((await fetch(`${base}/api/v1/health/ready`, { headers: { connection: 'close' } })).status).toBe(200);
    }
  });
});
