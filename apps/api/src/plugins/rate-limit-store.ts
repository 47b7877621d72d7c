import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type pg from 'pg';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * A @fastify/rate-limit store whose counters live in PostgreSQL (`rate_limit_hits`, migration
 * 0007), so that every API process on the database counts the same attempts. A fixed window,
 * as the plugin's Redis store keeps: one upsert per counted request starts the window on the
 * first hit and counts the others. Used when no REDIS_URL is set (docs/decisions.md).
 */
export function postgresRateLimitStore(pool: pg.Pool) {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number) {
      pool
        .query<{ hits: number; ttl: number }>(
          `insert into rate_limit_hits as r (key, hits, expires_at)
             values ($1, 1, now() + $2::int * interval '1 millisecond')
           on conflict (key) do update set
             hits = case when r.expires_at <= now() then 1 else r.hits + 1 end,
             expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end
           returning hits, greatest(0, ceil(extract(epoch from r.expires_at - now()) * 1000))::int as ttl`,
          [this.prefix + key, Math.ceil(timeWindow)],
        )
        .then(({ rows: [row] }) => {
          cb(null, { current: row.hits, ttl: row.ttl });
          // Expired windows are only dead rows; sweep them now and then, off the request's path.
          if (Math.random() < 0.01) {
            pool.query(`delete from rate_limit_hits where expires_at < now() - interval '1 minute'`).catch(() => {});
          }
        }, (error: Error) => cb(error));
    }

    read(key: string, cb: Callback) {
      pool
        .query<{ hits: number; ttl: number }>(
          `select hits, greatest(0, ceil(extract(epoch from expires_at - now()) * 1000))::int as ttl
             from rate_limit_hits where key = $1 and expires_at > now()`,
          [this.prefix + key],
        )
        .then(({ rows: [row] }) => cb(null, row ? { current: row.hits, ttl: row.ttl } : { current: 0, ttl: 0 }), (error: Error) => cb(error));
    }

    /** One counter per route, as the plugin's own stores keep. */
    child(routeOptions: RouteOptions) {
      // The plugin passes the route as `routeInfo` beside the limit's options (its Redis store
      // keys by it too); the published type leaves it out.
      const { method, url } = (routeOptions as unknown as { routeInfo: { method: unknown; url: string } }).routeInfo;
      return new PostgresRateLimitStore(undefined, `${this.prefix}${String(method)}${url}:`);
    }
  }
  return PostgresRateLimitStore;
}
