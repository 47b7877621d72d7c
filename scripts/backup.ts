// `npm run backup [-- <file>]`: a consistent backup of the store database (see
// docs/operations.md). Safe while the API runs: one snapshot, no locks beyond reading.
import path from 'node:path';
import { repoRoot } from '../apps/api/src/config';
import { backupDatabase } from '../apps/api/src/db/backup';
import { openTarget } from './db-target';

const stamp = new Date().toISOString().replace(/[:.]/g, '-').replace('T', '_').slice(0, 19);
const file = path.resolve(process.argv[2] ?? path.join(repoRoot, 'backups', `mojud-${stamp}.backup.gz`));

const target = await openTarget();
try {
  console.log(`Backing up ${target.describe}…`);
  const r = await backupDatabase(target.url, file);
  const total = Object.values(r.rows).reduce((a, b) => a + b, 0);
  console.log(`Wrote ${file}: ${(r.bytes / 1024).toFixed(0)} KiB, ${total} rows in ${Object.keys(r.rows).length} tables, ${r.seconds.toFixed(1)} s`);
  console.log(`  ledger entries: ${r.rows['public.ledger_entries'] ?? 0}`);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await target.release();
}
process.exit(process.exitCode ?? 0);
