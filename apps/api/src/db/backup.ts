// Logical backup and restore without pg_dump: the embedded PostgreSQL ships only initdb,
// pg_ctl and postgres, and a system pg_dump older than the server refuses to dump it. So:
// every table is COPYed out inside ONE repeatable-read, read-only transaction (one snapshot:
// a sale is either wholly in the file or not at all), into a gzip file written under a
// temporary name, fsynced, then renamed. Restore migrates an empty database to the backup's
// migration, COPYs the rows back in one transaction, sets the sequences, then applies any
// newer migrations.
//
// File format (gzip of text lines):
//   MOJUD-BACKUP 1
//   {header JSON: created, server version, migrations, tables, sequences}
//   TABLE {"schema","name","columns"}      then the table's COPY text rows, then \.
//   …
//   END {"rows":{"schema.table":n,…}}      (absent → the file is truncated: refused)
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

const MAGIC = 'MOJUD-BACKUP 1';
const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

interface TableInfo {
  schema: string;
  name: string;
  columns: string[];
}
interface Header {
  created: string;
  server: string;
  database: string;
  /** drizzle's record of applied migrations: their hashes, in order. */
  migrations: string[];
  tables: TableInfo[];
  sequences: { schema: string; name: string; lastValue: string | null }[];
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
const qualified = (t: { schema: string; name: string }) => `${ident(t.schema)}.${ident(t.name)}`;

/**
 * User tables (not drizzle's bookkeeping, nor the job queue's: pg-boss recreates its schema
 * at start, and e-mails still waiting are in the mail queue (table `outbox`), which the sweep queues again), parents
 * before children so foreign keys hold.
 */
async function listTables(client: pg.Client): Promise<TableInfo[]> {
  const { rows } = await client.query<{ schema: string; name: string; columns: string[] }>(`
    select n.nspname as schema, c.relname as name,
           array_agg(a.attname::text order by a.attnum) as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where c.relkind in ('r', 'p') and not c.relispartition
       and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle', 'pgboss') and n.nspname not like 'pg_%'
     group by 1, 2 order by 1, 2`);
  const { rows: fks } = await client.query<{ child: string; parent: string }>(`
    select cn.nspname || '.' || c.relname as child, pn.nspname || '.' || p.relname as parent
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
      join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
     where k.contype = 'f' and k.conrelid <> k.confrelid`);
  const key = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`;
  const byKey = new Map(rows.map((t) => [key(t), t]));
  const ordered: TableInfo[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (k: string) => {
    if (state.get(k) === 'done') return;
    if (state.get(k) === 'visiting') throw new Error(`foreign keys form a cycle through ${k}; cannot order the restore`);
    state.set(k, 'visiting');
    for (const fk of fks) if (fk.child === k && byKey.has(fk.parent)) visit(fk.parent);
    state.set(k, 'done');
    ordered.push(byKey.get(k)!);
  };
  for (const k of byKey.keys()) visit(k);
  return ordered;
}

async function appliedMigrations(client: pg.Client | pg.PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ exists: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`);
  if (!rows[0].exists) return [];
  const applied = await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations order by created_at, id');
  return applied.rows.map((r) => r.hash);
}

export interface BackupResult {
  file: string;
  bytes: number;
  rows: Record<string, number>;
  seconds: number;
}

/** Writes a consistent backup of the database at `url` to `file`. */
export async function backupDatabase(url: string, file: string): Promise<BackupResult> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  const out = fs.createWriteStream(partial, { mode: 0o600 });
  const gzip = zlib.createGzip({ level: 6 });
  gzip.pipe(out);
  const write = async (chunk: string | Buffer) => {
    if (!gzip.write(chunk)) await once(gzip, 'drain');
  };
  const rows: Record<string, number> = {};
  try {
    // One snapshot for everything: every COPY below sees the same committed state.
    await client.query('begin isolation level repeatable read read only');
    const tables = await listTables(client);
    const { rows: seqs } = await client.query<{ schema: string; name: string; last_value: string | null }>(
      `select schemaname as schema, sequencename as name, last_value::text from pg_sequences
        where schemaname not in ('drizzle', 'pgboss') order by 1, 2`,
    );
    const { rows: server } = await client.query<{ v: string; db: string }>(`select current_setting('server_version') as v, current_database() as db`);
    const header: Header = {
      created: new Date().toISOString(),
      server: server[0].v,
      database: server[0].db,
      migrations: await appliedMigrations(client),
      tables,
      sequences: seqs.map((s) => ({ schema: s.schema, name: s.name, lastValue: s.last_value })),
    };
    await write(`${MAGIC}\n${JSON.stringify(header)}\n`);
    for (const t of tables) {
      await write(`TABLE ${JSON.stringify(t)}\n`);
      const cols = t.columns.map(ident).join(', ');
      const stream = client.query(copyTo(`copy (select ${cols} from ${qualified(t)}) to stdout`));
      let n = 0;
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        for (const byte of chunk) if (byte === 10) n += 1;
        await write(chunk);
      }
      rows[`${t.schema}.${t.name}`] = n;
      await write('\\.\n');
    }
    await client.query('commit');
    await write(`END ${JSON.stringify({ rows })}\n`);
    gzip.end();
    await once(out, 'finish');
    // On disk before the name says it is complete.
    const fd = fs.openSync(partial, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(partial, file);
  } catch (error) {
    gzip.destroy();
    out.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    await client.end();
  }
  return { file, bytes: fs.statSync(file).size, rows, seconds: (Date.now() - started) / 1000 };
}

/** Reads the file's lines; yields the header first, then tables with their row lines. */
async function* readBackup(file: string) {
  const lines = readline.createInterface({ input: fs.createReadStream(file).pipe(zlib.createGunzip()), crlfDelay: Infinity });
  yield* lines;
}

/** A migrations folder holding only the first `count` migrations of the journal. */
function migrationsUpTo(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mojud-migrations-'));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8'));
  journal.entries = journal.entries.slice(0, count);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

async function isEmpty(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ n: number }>(`
    select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_%'`);
  if (rows[0].n === 0) return true;
  // Migrated but unused (the API started once): no user and no store yet.
  const { rows: used } = await client.query<{ used: boolean }>(`
    select (to_regclass('public.users') is not null and exists (select 1 from users))
        or (to_regclass('public.stores') is not null and exists (select 1 from stores)) as used`);
  return !used[0].used;
}

export interface RestoreResult {
  rows: Record<string, number>;
  seconds: number;
  migrationsAfter: number;
}

/**
 * Restores `file` into the database at `url`. Refuses a database that holds users or stores
 * unless `force`, which first drops every schema of the application (public and drizzle).
 * Runs as the database owner or a superuser (row-level security does not apply to them).
 */
export async function restoreDatabase(url: string, file: string, opts: { force?: boolean } = {}): Promise<RestoreResult> {
  const started = Date.now();
  const lines = readBackup(file)[Symbol.asyncIterator]();
  const next = async () => {
    const r = await lines.next();
    if (r.done) throw new Error(`${file} ends early: it is not a complete backup`);
    return r.value as string;
  };
  if ((await next()) !== MAGIC) throw new Error(`${file} is not a Mojud backup`);
  const header = JSON.parse(await next()) as Header;

  const known = await readMigrationHashes();
  const n = header.migrations.length;
  if (n > known.length || header.migrations.some((h, i) => h !== known[i])) {
    throw new Error('This backup was made by a newer or different version of Mojud (its migrations are not ours); update the code first');
  }

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const rows: Record<string, number> = {};
  try {
    if (!(await isEmpty(client)) && !opts.force) {
      throw new Error('The database is not empty (it has users or stores). Restoring would replace them: pass --force to do that.');
    }
    {
      // Start from nothing, so the schema is exactly the backup's (a database the API has
      // already migrated further would otherwise keep its newer shape).
      const { rows: schemas } = await client.query<{ nspname: string }>(
        `select nspname from pg_namespace where nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and nspname not like 'pg_%'`,
      );
      for (const s of schemas) await client.query(`drop schema ${ident(s.nspname)} cascade`);
      await client.query('create schema if not exists public');
    }
    // The schema exactly as it was when the backup was taken.
    const partial = migrationsUpTo(n);
    try {
      await migrate(drizzle(client), { migrationsFolder: partial });
    } finally {
      fs.rmSync(partial, { recursive: true, force: true });
    }

    await client.query('begin');
    // Migrations seed some tables (the brand catalogue); the backup holds their rows too.
    const tables = header.tables.filter((t) => t.schema !== 'drizzle');
    if (tables.length) await client.query(`truncate ${tables.map(qualified).join(', ')} cascade`);
    for (;;) {
      const line = await next();
      if (line.startsWith('END ')) {
        const end = JSON.parse(line.slice(4)) as { rows: Record<string, number> };
        for (const [t, count] of Object.entries(end.rows)) {
          if (rows[t] !== count) throw new Error(`${t}: the backup lists ${count} rows but ${rows[t] ?? 0} were read`);
        }
        break;
      }
      if (!line.startsWith('TABLE ')) throw new Error(`unexpected line in ${file}: ${line.slice(0, 80)}`);
      const t = JSON.parse(line.slice(6)) as TableInfo;
      const stream = client.query(copyFrom(`copy ${qualified(t)} (${t.columns.map(ident).join(', ')}) from stdin`));
      const done = once(stream, 'finish');
      let count = 0;
      for (;;) {
        const row = await next();
        if (row === '\\.') break;
        count += 1;
        if (!stream.write(`${row}\n`)) await once(stream, 'drain');
      }
      stream.end();
      await done;
      rows[`${t.schema}.${t.name}`] = count;
    }
    for (const s of header.sequences) {
      const seq = `${ident(s.schema)}.${ident(s.name)}`;
      if (s.lastValue === null) await client.query(`select setval($1::regclass, 1, false)`, [seq]);
      else await client.query(`select setval($1::regclass, $2::bigint, true)`, [seq, s.lastValue]);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
  // Then anything newer this code brings, exactly as at an ordinary start.
  const after = new pg.Client({ connectionString: url });
  await after.connect();
  try {
    await after.query('select pg_advisory_lock(724311)');
    await migrate(drizzle(after), { migrationsFolder });
    await after.query('select pg_advisory_unlock(724311)');
  } finally {
    await after.end();
  }
  return { rows, seconds: (Date.now() - started) / 1000, migrationsAfter: known.length };
}

/** The hashes drizzle records for this code's migrations, in journal order. */
async function readMigrationHashes(): Promise<string[]> {
  const { readMigrationFiles } = await import('drizzle-orm/migrator');
  return readMigrationFiles({ migrationsFolder }).map((m) => m.hash);
}
