import fp from 'fastify-plugin';
import type pg from 'pg';
import { createDb, dbContext, type Db, type DbContext } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    pool: pg.Pool;
    /**
     * For heavy reads that may be a moment behind (reports, CSV exports, histories): the
     * standby when DATABASE_READ_URL is set, else the same database as `db`. Never for what a
     * person must see right after writing it, nor inside a write.
     */
    readDb: Db;
  }
  interface FastifyRequest {
    /** Whom this request's queries run for; the access hook fills it in (see db/client.ts). */
    dbContext: DbContext;
  }
}

/**
 * Exposes the drizzle database; the pool's lifetime belongs to whoever created it. Every
 * request runs inside its own database context, so the pool can tell PostgreSQL which store
 * and user the queries are for (row-level security, migration 0005).
 */
export default fp(
  async (app, opts: { pool: pg.Pool; readPool?: pg.Pool }) => {
    app.decorate('pool', opts.pool);
    const db = createDb(opts.pool);
    app.decorate('db', db);
    app.decorate('readDb', opts.readPool ? createDb(opts.readPool) : db);
    app.decorateRequest('dbContext', null as unknown as DbContext);
    // A callback hook, so that everything after it (the other hooks, body parsing, the
    // handler, the reply) continues inside this context.
    app.addHook('onRequest', (request, _reply, done) => {
      const context: DbContext = { storeId: null, userId: null };
      request.dbContext = context;
      dbContext.run(context, done);
    });
  },
  { name: 'db' },
);
