import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { appSettings } from './schema';

/**
 * The token-signing secret: JWT_SECRET when given; otherwise one generated once and kept in
 * the database, so every API instance on that database agrees and restarts keep sessions.
 */
export async function resolveJwtSecret(db: Db, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insert(appSettings)
    .values({ key: 'jwt_secret', value: crypto.randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
  return row.value;
}
