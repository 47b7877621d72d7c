import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import pg from 'pg';

// Written by scripts/e2e-server.ts: where the server's database is, to read its mail queue.
const infoFile = path.join(os.tmpdir(), `mojud-e2e-server-${process.env.E2E_PORT ?? 3100}.json`);

/**
 * The newest link mailed to `email` that leads to `page` (`verify-email`, `invitations`,
 * `reset-password`), as a path on the app: without SMTP, mails wait in the mail queue (table
 * `outbox`) with their link.
 */
export async function mailedLink(email: string, page: string): Promise<string> {
  const { databaseUrl } = JSON.parse(fs.readFileSync(infoFile, 'utf8')) as { databaseUrl: string };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select link from outbox where lower(to_address) = lower($1) and link like '%/' || $2 || '?%' order by id desc limit 1`,
      [email, page],
    );
    expect(rows).toHaveLength(1);
    const url = new URL(rows[0].link as string);
    return `${url.pathname}${url.search}`;
  } finally {
    await client.end();
  }
}
