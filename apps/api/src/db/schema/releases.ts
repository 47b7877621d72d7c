import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './core';

/** Loads and errors per remote release and user (migration 0010). Global: no store. */
export const remoteReleaseStats = pgTable(
  'remote_release_stats',
  {
    release: text('release').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remote: text('remote').notNull(),
    loads: integer('loads').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    lastError: text('last_error'),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull().defaultNow(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.release, t.userId] })],
);
