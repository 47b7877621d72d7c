// A PostgreSQL cluster that fails over by itself, on loopback, the way docs/deploy/ha-postgres.md
// lays it out on three machines: pg_auto_failover (Debian's postgresql-15-auto-failover) with a
// monitor, a primary and a synchronous standby, and HAProxy in front routing writes to the node
// that takes them. Everything runs from one folder and is stopped by pid, nothing by name.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { repoRoot } from '../../config';
import { sleep } from '../chaos/harness';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const DEPLOY = path.join(repoRoot, 'docs/deploy');
const isRoot = process.getuid?.() === 0;
/** Runs a command as root: directly when we are root, else through sudo. */
const asRoot = (cmd: string[]) => (isRoot ? cmd : ['sudo', '-n', ...cmd]);

/** Debian's packages the cluster needs; installed when missing (apt waits for another install's lock). */
export function ensurePackages(log: (line: string) => void) {
  const missing = [
    ['pg_autoctl', 'postgresql-15-auto-failover pg-auto-failover-cli'],
    ['haproxy', 'haproxy'],
  ].filter(([bin]) => !['/usr/bin', '/usr/sbin', '/bin', '/sbin'].some((dir) => fs.existsSync(path.join(dir, bin))));
  if (missing.length === 0) return;
  const packages = missing.flatMap(([, p]) => p.split(' '));
  log(`installing ${packages.join(' ')} from Debian's packages`);
  const apt = (args: string[]) => {
    const cmd = asRoot(['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', '-o', 'DPkg::Lock::Timeout=300', ...args]);
    execFileSync(cmd[0], cmd.slice(1), { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', '--no-install-recommends', ...packages]);
}

export interface ClusterPorts {
  monitor: number;
  nodes: [number, number];
  /** HAProxy: the writable node. */
  rw: number;
  /** HAProxy: the standby, or the primary while no standby is up. */
  ro: number;
  /** Where HAProxy sends its log (UDP), read by this process. */
  log: number;
}

export interface NodeState {
  name: string;
  port: number;
  reported: string;
  goal: string;
}

export class Cluster {
  readonly base: string;
  private readonly runs = new Map<string, ChildProcess>();
  private haproxyPidFile: string;
  private logSocket: dgram.Socket | undefined;
  /** HAProxy's last log lines (health checks, servers up and down). */
  readonly proxyLog: string[] = [];
  /** How many times HAProxy took a server out of the write port. */
  writeServerDowns = 0;
  readonly rwUrl: string;
  readonly roUrl: string;
  readonly monitorUrl: string;

  constructor(
    private readonly dir: string,
    readonly ports: ClusterPorts,
    private readonly log: (line: string) => void,
  ) {
    this.base = path.join(dir, 'paf');
    this.haproxyPidFile = path.join(dir, 'haproxy.pid');
    this.rwUrl = `postgres://postgres@127.0.0.1:${ports.rw}/mojud`;
    this.roUrl = `postgres://postgres@127.0.0.1:${ports.ro}/mojud`;
    this.monitorUrl = `postgres://autoctl_node@127.0.0.1:${ports.monitor}/pg_auto_failover?sslmode=disable`;
  }

  /** `pg_autoctl …` as the postgres user, with its state kept in this folder. */
  private autoctl(args: string[]): string[] {
    return asRoot([
      'runuser', '-u', 'postgres', '--', 'env',
      `PATH=${PG_BIN}:/usr/bin:/bin`,
      `XDG_CONFIG_HOME=${this.base}/config`,
      `XDG_DATA_HOME=${this.base}/share`,
      `XDG_RUNTIME_DIR=${this.base}/run`,
      'pg_autoctl', ...args,
    ]);
  }

  private exec(cmd: string[]) {
    return execFileSync(cmd[0], cmd.slice(1), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  }

  /** Starts `pg_autoctl run` for a folder in its own process group (the node's "machine"). */
  private run(name: string) {
    const out = fs.openSync(path.join(this.base, `${name}.log`), 'a');
    const cmd = this.autoctl(['run', '--pgdata', path.join(this.base, name)]);
    const child = spawn(cmd[0], cmd.slice(1), { detached: true, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    child.on('error', (error) => this.log(`${name}: ${error.message}`));
    this.runs.set(name, child);
  }

  /** The monitor, then node1 (the first primary), then node2 (its synchronous standby). */
  async create() {
    fs.mkdirSync(this.base, { recursive: true });
    fs.chmodSync(this.dir, 0o755);
    this.exec(asRoot(['chown', 'postgres:postgres', this.base]));
    this.exec(this.autoctl(['create', 'monitor', '--pgdata', path.join(this.base, 'monitor'), '--pgport', String(this.ports.monitor), '--hostname', '127.0.0.1', '--auth', 'trust', '--no-ssl']));
    this.run('monitor');
    await this.until(60_000, async () => this.query(this.monitorUrl, 'select 1').then(() => true, () => false));
    // How fast a dead primary is noticed and replaced (docs/deploy/pg-auto-failover-monitor.sql).
    // One statement at a time: ALTER SYSTEM refuses the implicit transaction of a multi-statement query.
    const settings = fs.readFileSync(path.join(DEPLOY, 'pg-auto-failover-monitor.sql'), 'utf8').replace(/--.*$/gm, '');
    for (const statement of settings.split(';').filter((s) => s.trim())) await this.query(this.monitorUrl.replace('autoctl_node', 'postgres'), statement);
    for (const [i, port] of this.ports.nodes.entries()) {
      const name = `node${i + 1}`;
      this.exec(
        this.autoctl([
          'create', 'postgres', '--pgdata', path.join(this.base, name), '--pgport', String(port), '--hostname', '127.0.0.1', '--name', name,
          '--dbname', 'mojud', '--monitor', this.monitorUrl, '--auth', 'trust', '--no-ssl', '--replication-quorum', 'true',
        ]),
      );
      // The keeper's own partition timeout stays below the monitor's primary_demote_timeout.
      this.exec(this.autoctl(['config', 'set', '--pgdata', path.join(this.base, name), 'timeout.network_partition_timeout', '2']));
      this.run(name);
      await this.waitFor(i === 0 ? ['single'] : ['primary', 'secondary'], 120_000);
    }
  }

  /** HAProxy with docs/deploy/haproxy-postgres.cfg, its placeholders filled in. */
  async startProxy() {
    const cfg = fs
      .readFileSync(path.join(DEPLOY, 'haproxy-postgres.cfg'), 'utf8')
      .replaceAll('{{RW_BIND}}', `127.0.0.1:${this.ports.rw}`)
      .replaceAll('{{RO_BIND}}', `127.0.0.1:${this.ports.ro}`)
      .replaceAll('{{NODE1}}', `127.0.0.1:${this.ports.nodes[0]}`)
      .replaceAll('{{NODE2}}', `127.0.0.1:${this.ports.nodes[1]}`)
      .replaceAll('{{CHECK}}', path.join(DEPLOY, 'pg-writable-check.sh'));
    // Here only: its health-check log, kept for a failure's report.
    const logSocket = dgram.createSocket('udp4');
    logSocket.on('message', (message) => {
      const line = message.toString().replace(/^<\d+>/, '').trim();
      if (line.includes('Connect from')) return;
      if (/postgres_rw\/\S+ is DOWN/.test(line)) this.writeServerDowns += 1;
      this.proxyLog.push(line);
      if (this.proxyLog.length > 200) this.proxyLog.shift();
    });
    await new Promise<void>((resolve) => logSocket.bind(this.ports.log, '127.0.0.1', resolve));
    this.logSocket = logSocket;
    const logged = cfg
      .replace(/^global\n/m, `global\n  log 127.0.0.1:${this.ports.log} local0\n`)
      .replace(/^defaults\n/m, 'defaults\n  log global\n  option log-health-checks\n');
    const file = path.join(this.dir, 'haproxy.cfg');
    fs.writeFileSync(file, logged);
    this.exec(asRoot(['haproxy', '-f', file, '-D', '-p', this.haproxyPidFile]));
    // HAProxy starts with every server up until its first check says otherwise: wait for the
    // checks to settle, until writes land on the primary several times running.
    let good = 0;
    const settled = await this.until(30_000, async () => {
      const rw = await this.query(this.rwUrl, "select not pg_is_in_recovery() and current_setting('transaction_read_only') = 'off' as rw").then(
        (r) => r.rows[0].rw === true,
        () => false,
      );
      good = rw ? good + 1 : 0;
      return good >= 8;
    });
    if (!settled) throw new Error(`HAProxy does not reach the primary on :${this.ports.rw}`);
  }

  async query(url: string, text: string): Promise<pg.QueryResult> {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    client.on('error', () => {});
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end().catch(() => {});
    }
  }

  async states(): Promise<NodeState[]> {
    const { rows } = await this.query(this.monitorUrl, 'select nodename as name, nodeport as port, reportedstate as reported, goalstate as goal from pgautofailover.node order by nodeid');
    return rows;
  }

  /** Waits until the nodes, in order, report and aim for these states. */
  async waitFor(wanted: string[], limitMs: number) {
    const ok = await this.until(limitMs, async () => {
      const states = await this.states().catch(() => []);
      return states.length === wanted.length && states.every((s, i) => s.reported === wanted[i] && s.goal === wanted[i]);
    });
    if (!ok) throw new Error(`the cluster did not reach ${wanted.join('/')}: ${JSON.stringify(await this.states().catch(() => []))}`);
  }

  /** Waits until one node is the primary and the other its streaming standby. */
  async waitHealthy(limitMs: number) {
    const ok = await this.until(limitMs, async () => {
      const states = await this.states().catch(() => []);
      const settled = states.filter((s) => s.reported === s.goal).map((s) => s.reported).sort();
      return settled.join() === 'primary,secondary';
    });
    if (!ok) throw new Error(`no primary with a standby: ${JSON.stringify(await this.states().catch(() => []))}`);
  }

  /** The node the monitor wants as the primary (a dead one still reports its last state). */
  async primary(): Promise<NodeState> {
    const node = (await this.states()).find((s) => ['primary', 'wait_primary', 'single', 'apply_settings'].includes(s.goal));
    if (!node) throw new Error('no primary');
    return node;
  }

  /**
   * The primary's machine dies: its `pg_autoctl run` process group (keeper and supervisor) and
   * its postmaster, with kill -9. Killing the postmaster alone is a local restart, not a failover.
   */
  kill(name: string) {
    const run = this.runs.get(name);
    const postmaster = this.postmasterPid(name);
    if (run?.pid) this.exec(asRoot(['kill', '-9', '--', `-${run.pid}`]));
    if (postmaster) this.exec(asRoot(['kill', '-9', String(postmaster)]));
    this.runs.delete(name);
  }

  /** Whether a node's standby counts for the primary's commits (synchronous) or not. */
  async setReplicationQuorum(name: string, on: boolean) {
    this.exec(this.autoctl(['set', 'node', 'replication-quorum', '--pgdata', path.join(this.base, name), String(on)]));
  }

  /** The machine comes back: the node rejoins as the standby (pg_autoctl rewinds it if needed). */
  restart(name: string) {
    this.run(name);
  }

  /** The postmaster serving a folder of ours, if it runs (checked against /proc, never by name). */
  private postmasterPid(name: string): number | null {
    const dir = path.join(this.base, name);
    try {
      const pid = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return cmdline.includes(dir) ? pid : null;
    } catch {
      return null;
    }
  }

  async until(limitMs: number, test: () => Promise<boolean>) {
    const end = Date.now() + limitMs;
    while (Date.now() < end) {
      if (await test()) return true;
      await sleep(250);
    }
    return false;
  }

  /** Stops everything this cluster started, by pid, and deletes its folder. */
  async destroy() {
    try {
      const pid = Number(fs.readFileSync(this.haproxyPidFile, 'utf8').trim());
      if (pid) this.exec(asRoot(['kill', '-9', String(pid)]));
    } catch {
      /* not started */
    }
    for (const [name, run] of this.runs) {
      if (run.pid && run.exitCode === null) {
        try {
          this.exec(asRoot(['kill', '-9', '--', `-${run.pid}`]));
        } catch {
          /* gone */
        }
      }
      this.runs.delete(name);
    }
    for (const name of ['node1', 'node2', 'monitor']) {
      const pid = this.postmasterPid(name);
      if (pid) {
        try {
          this.exec(asRoot(['kill', '-9', String(pid)]));
        } catch {
          /* gone */
        }
      }
    }
    this.logSocket?.close();
    await sleep(300);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
