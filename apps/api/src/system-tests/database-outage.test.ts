import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamSellingBashundhara, url, type Team } from '../tooling/test/stock';
import { createPeerApp, createTestApp } from '../tooling/test/helpers';

// A database outage, for real: a second API reaches PostgreSQL through a TCP relay this test can
// cut (every connection dropped, the port refusing new ones) and restore on the same port.

/** A relay from a local port to PostgreSQL; `cut` drops it, `restore` opens it again. */
function relay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      if (server) return resolve();
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  return {
    open,
    get port() {
      return port;
    },
    cut: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server!.close(() => resolve());
        server = null;
      }),
  };
}

const ctx = await createTestApp();
const direct = new URL(ctx.url);
const db = relay({ host: direct.hostname, port: Number(direct.port || 5432) });
await db.open();
const throughRelay = new URL(ctx.url);
throughRelay.hostname = '127.0.0.1';
throughRelay.port = String(db.port);
const peer = await createPeerApp(ctx, {}, throughRelay.toString());
afterAll(async () => {
  await db.open();
  await peer.close();
  await ctx.close();
});

let t: Team;
let itemId: string;
beforeAll(async () => {
  ({ t, itemId } = await teamSellingBashundhara(ctx, 5));
});

const ledgerRows = async () =>
  Number((await ctx.pool.query('select count(*) from ledger_entries where store_id = $1', [t.store.id])).rows[0].count);
const sell = (key: string) =>
  peer.app.inject({
    method: 'POST',
    url: url(t.store.id, 'sales'),
    headers: { ...t.staff.auth, 'idempotency-key': key },
    payload: { lines: [{ itemType: 'cylinder', itemId, quantity: 1 }], payments: [{ method: 'cash', amount: 1400 }] },
  });
const readStore = () => peer.app.inject({ method: 'GET', url: `/api/v1/stores/${t.store.id}`, headers: t.staff.auth });

describe('a database outage', () => {
  it('answers 503 with Retry-After on every route that needs the database, records nothing, and recovers by itself', async () => {
    expect((await readStore()).statusCode).toBe(200);
    const before = await ledgerRows();

    await db.cut();
    for (const res of [await readStore(), await sell('sale-during-outage'), await peer.app.inject({ method: 'GET', url: '/api/v1/health/ready' })]) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'server.databaseDown', message: expect.any(String) });
    }
    const refused = await sell('sale-during-outage');
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.body).not.toMatch(/ECONNREFUSED|stack|pg/i);
    // The process itself still runs: the liveness probe does not touch the database.
    expect((await peer.app.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
    expect(await ledgerRows()).toBe(before);

    // The database is back: the same API answers again, and the queued write goes once.
    await db.open();
    expect((await readStore()).statusCode).toBe(200);
    const sent = await sell('sale-during-outage');
    expect(sent.statusCode).toBe(201);
    expect((await sell('sale-during-outage')).json().sale.id).toBe(sent.json().sale.id);
    expect(await ledgerRows()).toBeGreaterThan(before);
  });
});
