import fp from 'fastify-plugin';
import type pg from 'pg';
import { createDb, type Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    pool: pg.Pool;
  }
}

/** Exposes the drizzle database; the pool's lifetime belongs to whoever created it. */
export default fp(
  async (app, opts: { pool: pg.Pool }) => {
    app.decorate('pool', opts.pool);
    app.decorate('db', createDb(opts.pool));
  },
  { name: 'db' },
);
