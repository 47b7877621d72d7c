import { desc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { remoteReleaseStats } from '../db/schema';

/** One statement: counts a load (or an error) for the release and user, creating the row if needed. */
export async function recordReleaseEvent(
  db: DbOrTx,
  event: { remote: string; release: string; userId: string; error?: string },
) {
  const loads = event.error === undefined ? 1 : 0;
  const errors = event.error === undefined ? 0 : 1;
  await db
    .insert(remoteReleaseStats)
    .values({
      release: event.release,
      userId: event.userId,
      remote: event.remote,
      loads,
      errors,
      lastError: event.error ?? null,
    })
    .onConflictDoUpdate({
      target: [remoteReleaseStats.release, remoteReleaseStats.userId],
      set: {
        loads: sql`${remoteReleaseStats.loads} + ${loads}`,
        errors: sql`${remoteReleaseStats.errors} + ${errors}`,
        lastError: sql`coalesce(excluded.last_error, ${remoteReleaseStats.lastError})`,
        lastSeen: sql`app_now()`,
      },
    });
}

/** Per release: how many users loaded it, how often, and how many errors they met. */
export async function releaseStats(db: DbOrTx) {
  const rows = await db
    .select({
      remote: remoteReleaseStats.remote,
      release: remoteReleaseStats.release,
      users: sql<number>`count(*) filter (where ${remoteReleaseStats.loads} > 0)::int`,
      loads: sql<number>`sum(${remoteReleaseStats.loads})::int`,
      errors: sql<number>`sum(${remoteReleaseStats.errors})::int`,
      lastError: sql<string | null>`(array_agg(${remoteReleaseStats.lastError} order by ${remoteReleaseStats.lastSeen} desc) filter (where ${remoteReleaseStats.lastError} is not null))[1]`,
      lastSeen: sql<string>`max(${remoteReleaseStats.lastSeen})`,
    })
    .from(remoteReleaseStats)
    .groupBy(remoteReleaseStats.remote, remoteReleaseStats.release)
    .orderBy(remoteReleaseStats.remote, desc(sql`max(${remoteReleaseStats.lastSeen})`));
  return rows.map((row) => ({ ...row, lastSeen: new Date(row.lastSeen).toISOString() }));
}
