// `npm run restore -- <file> [--force]`: brings a backup back (see docs/operations.md).
// Refuses a database with users or stores unless --force; refuses while the API uses the
// embedded database (stop it first: a restore under live traffic would mix the two).
import { parseArgs } from 'node:util';
import { restoreDatabase } from '../apps/api/src/db/backup';
import { openTarget } from './db-target';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
const file = positionals[0];
if (!file) {
  console.error('Usage: npm run restore -- <backup file> [--force]');
  process.exit(2);
}

const target = await openTarget();
try {
  if (target.inUseBy) throw new Error(`The API is running on this database (PostgreSQL pid ${target.inUseBy}). Stop it, then restore.`);
  console.log(`Restoring ${file} into ${target.describe}…`);
  const r = await restoreDatabase(target.url, file, { force: values.force });
  const total = Object.values(r.rows).reduce((a, b) => a + b, 0);
  console.log(`Restored ${total} rows in ${Object.keys(r.rows).length} tables (${r.rows['public.ledger_entries'] ?? 0} ledger entries) in ${r.seconds.toFixed(1)} s`);
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await target.release();
}
process.exit(process.exitCode ?? 0);
