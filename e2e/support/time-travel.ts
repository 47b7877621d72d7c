import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

// "The next day" for a spec. Everything a day's flow records goes through the real browser and
// server with the database's own clock; this then moves the store's records back 24 hours, as
// if they had been made yesterday, so the next steps run on the day after. The product itself has
// no way to date anything in the past (the ledger is append-only), so this reaches into the
// e2e server's database (scripts/e2e-server.ts writes its URL) as its superuser, with triggers
// off for this one session. Daily totals already summed are dropped to be summed again.

const infoFile = path.join(os.tmpdir(), `mojud-e2e-server-${process.env.E2E_PORT ?? 3100}.json`);

export async function moveStoreBackOneDay(storeId: string) {
  const { databaseUrl } = JSON.parse(fs.readFileSync(infoFile, 'utf8')) as { databaseUrl: string };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    await client.query(`update ledger_entries set created_at = created_at - interval '1 day' where store_id = $1`, [storeId]);
    await client.query(`update sales set created_at = created_at - interval '1 day' where store_id = $1`, [storeId]);
    await client.query(`update vehicle_closes set created_at = created_at - interval '1 day', day = day - 1 where store_id = $1`, [storeId]);
    await client.query('delete from ledger_daily where store_id = $1', [storeId]);
    await client.query('delete from ledger_rollup_state where store_id = $1', [storeId]);
    await client.query('commit');
  } finally {
    await client.end();
  }
}
