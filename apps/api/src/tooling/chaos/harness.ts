// Shared by the crash test, the soak and the reports benchmark: the API as a real child
// process (so it can be killed with -9), talking to a PostgreSQL it does not own, and a
// store set up the way a dealer would on day one.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../config';

/** The most one line may move (quantitySchema in the contracts). */
const MAX_LINE_QUANTITY = 100_000;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ApiProcess {
  child: ChildProcess;
  pid: number;
  base: string;
  exited: boolean;
  log: string[];
}

/**
 * Starts `apps/api/src/main.ts` in its own node process (tsx as a loader, not as a wrapper,
 * so the pid is the one that listens and a kill -9 hits the server itself).
 */
export async function startApi(port: number, databaseUrl: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/main.ts')], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const api: ApiProcess = { child, pid: child.pid!, base: `http://127.0.0.1:${port}`, exited: false, log: [] };
  const keep = (chunk: Buffer) => {
    api.log.push(chunk.toString());
    if (api.log.length > 50) api.log.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.on('exit', () => (api.exited = true));
  for (let i = 0; i < 300; i++) {
    if (api.exited) throw new Error(`the API exited while starting:\n${api.log.join('')}`);
    try {
      if ((await fetch(`${api.base}/api/v1/health`, { signal: AbortSignal.timeout(2000) })).ok) return api;
    } catch {
      /* not up yet */
    }
    await sleep(200);
  }
  throw new Error(`the API did not come up on ${api.base}:\n${api.log.join('')}`);
}

export async function stopApi(api: ApiProcess) {
  if (api.exited) return;
  const exit = new Promise((r) => api.child.once('exit', r));
  api.child.kill('SIGTERM');
  await exit;
}

export async function killApi(api: ApiProcess) {
  const exit = new Promise((r) => api.child.once('exit', r));
  process.kill(api.pid, 'SIGKILL');
  await exit;
}

/** Resident memory of a process, MiB. */
export function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

export async function call(base: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(base + url, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

export interface Item {
  id: string;
  price: number;
}

export interface StoreSetup {
  storeId: string;
  /** `/api/v1/stores/<id>` */
  s: string;
  auth: Record<string, string>;
  userId: string;
  cylinders: Item[];
  stove: Item;
  shops: string[];
  /**
   * A van loaded with Bashundhara 12 kg 22 mm (`item`); `other` is Omera 12 kg 22 mm, the brand
   * its customers swap in. Absent for a store set up without shops.
   */
  van?: { id: string; item: string; other: string; price: number };
}

/**
 * An owner, a store, two brands' cylinders with plenty of stock at Tk 1,200, a stove and
 * `shopCount` customer shops (added through the API, in the store's first area).
 */
export async function setupStore(
  base: string,
  opts: { stock?: number; shopCount?: number; cylinders?: number; vehicle?: boolean } = {},
): Promise<StoreSetup> {
  const stock = opts.stock ?? 100_000;
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const who = { username: `chaos${tag}`, email: `chaos${tag}@example.com`, password: 'chaos-password-1' };
  await call(base, 'POST', '/api/v1/auth/register', who);
  const login = await call(base, 'POST', '/api/v1/auth/login', { loginIdentifier: who.username, password: who.password });
  const auth = { authorization: `Bearer ${login.accessToken}` };
  const { store } = await call(base, 'POST', '/api/v1/stores', { name: 'Chaos Gas House', location: 'Mirpur, Dhaka', phone: '01711000000' }, auth);
  const s = `/api/v1/stores/${store.id}`;
  const { localBrands } = await call(base, 'GET', `${s}/brands/a`, undefined, auth);
  const wanted = localBrands.filter((b: { name: string }) => ['Bashundhara', 'Omera'].includes(b.name));
  await call(base, 'PATCH', `${s}/brands`, wanted.map((b: { id: string }) => ({ id: b.id, isActive: true })), auth);
  const items = await call(base, 'GET', `${s}/cylinder-inventory`, undefined, auth);
  const cylinders: Item[] = [];
  for (const item of items.slice(0, opts.cylinders ?? 6)) {
    await call(base, 'POST', `${s}/stock-counts`, { itemId: item.id, fullCount: stock, emptyCount: stock, note: 'opening stock' }, auth);
    await call(base, 'PATCH', `${s}/cylinder-inventory/${item.id}`, { price: 1200, packageRetailPrice: 1200 }, auth);
    cylinders.push({ id: item.id, price: 1200 });
  }
  const { item: stove } = await call(base, 'POST', `${s}/stove-inventory`, { name: 'Double Burner', price: 2500 }, auth);
  await call(base, 'POST', `${s}/stock-counts`, { itemId: stove.id, stockCount: stock, note: 'opening stock' }, auth);
  const { divisions } = await call(base, 'GET', `/api/v1/workspace/${store.id}/divisions`, undefined, auth);
  const division = (divisions ?? [])[0];
  const shops: string[] = [];
  for (let i = 0; i < (opts.shopCount ?? 10); i++) {
    const res = await call(
      base,
      'POST',
      `/api/v1/workspace/${store.id}/divisions/${division.id}/stores`,
      { name: `Shop ${i + 1}`, phone: `0171100${String(i).padStart(4, '0')}`, address: 'Mirpur' },
      auth,
    );
    shops.push((res.shop ?? res.store ?? res).id);
  }
  let van: StoreSetup['van'];
  if (opts.vehicle ?? shops.length > 0) {
    // Vans sell to shops: one loaded with half the Bashundhara 12 kg 22 mm (at most what one line
    // may carry), whose customers hand in Omera too.
    const twelve = await call(base, 'GET', `${s}/cylinder-inventory?size=12&regulatorType=22`, undefined, auth);
    const item = twelve.find((i: { brandName: string }) => i.brandName === 'Bashundhara').id as string;
    const other = twelve.find((i: { brandName: string }) => i.brandName === 'Omera').id as string;
    for (const id of [item, other]) {
      await call(base, 'POST', `${s}/stock-counts`, { itemId: id, fullCount: stock, emptyCount: stock, note: 'opening stock' }, auth);
      await call(base, 'PATCH', `${s}/cylinder-inventory/${id}`, { price: 1200, packageRetailPrice: 1200 }, auth);
    }
    const { vehicle } = await call(base, 'POST', `${s}/vehicles`, { regNumber: `VAN ${tag}`, vehicleBrand: 'Tata', vehicleModel: 'Ace' }, auth);
    await call(base, 'POST', `${s}/vehicles/${vehicle.id}/loads`, { lines: [{ itemType: 'cylinder', itemId: item, quantity: Math.min(Math.floor(stock / 2), MAX_LINE_QUANTITY) }] }, auth);
    van = { id: vehicle.id, item, other, price: 1200 };
  }
  return { storeId: store.id, s, auth, userId: login.user.id, cylinders, stove: { id: stove.id, price: 2500 }, shops, van };
}

/** A small deterministic PRNG so a failing run can be replayed with the same seed. */
export interface Op {
  key: string;
  /** For reports: sell, buy, payment, van sale, collect. */
  kind: string;
  method: 'POST';
  url: string;
  body: Record<string, unknown>;
  /** What the request does if it is applied: item count changes and shop due changes. */
  effect: { item?: string; full?: number; empty?: number; stock?: number; shop?: string; due?: number };
}

/**
 * A random trade or payment: sells and buys of cylinders (cash and due), stoves, payments, and
 * (with a van) sales from the van to a shop with brand swaps and shortfalls, and empties
 * collected into the store. Every op succeeds whatever order the others land in: stock is
 * plenty, and a collection may buy what is not owed.
 */
export function randomOp(store: StoreSetup, random: () => number, key: string): Op {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  const q = 1 + Math.floor(random() * 3);
  const r = random();
  const van = store.van;
  if (van && r >= 0.3 && r < 0.45) {
    if (r < 0.4) {
      // q refills from the van, on due: q − 1 own-brand empties, sometimes one Omera (a swap), else one owed.
      const swap = random() < 0.5 && q > 0 ? 1 : 0;
      const shop = pick(store.shops);
      return {
        key,
        kind: 'van sale',
        method: 'POST',
        url: `${store.s}/sales`,
        body: {
          shopId: shop,
          vehicleId: van.id,
          lines: [{ itemType: 'cylinder', itemId: van.item, tradeType: 'refill', quantity: q, empties: [{ itemId: van.item, count: q - 1 }, { itemId: van.other, count: swap }] }],
        },
        // Nothing in the store moves; the van's counts are checked by the audit.
        effect: { shop, due: van.price * q },
      };
    }
    const count = 1 + Math.floor(random() * 2);
    return {
      key,
      kind: 'collect',
      method: 'POST',
      url: `${store.s}/shops/${pick(store.shops)}/empties`,
      body: { lines: [{ itemId: van.item, count }], buyExtra: true, pricePerEmpty: 300, paymentMethod: 'cash' },
      effect: { item: van.item, empty: count },
    };
  }
  if (r < 0.4) {
    const item = pick(store.cylinders);
    const tradeType = random() < 0.7 ? 'refill' : 'package';
    const due = random() < 0.4;
    const shop = due ? pick(store.shops) : undefined;
    return {
      key,
      kind: 'sell',
      method: 'POST',
      url: `${store.s}/cylinders/sell`,
      body: { id: item.id, quantity: q, tradeType, paymentMethod: due ? 'due' : 'cash', ...(shop ? { shopId: shop } : {}) },
      effect: { item: item.id, full: -q, empty: tradeType === 'refill' ? q : 0, shop, due: due ? item.price * q : 0 },
    };
  }
  if (r < 0.65) {
    const item = pick(store.cylinders);
    const tradeType = random() < 0.7 ? 'refill' : 'package';
    return {
      key,
      kind: 'buy',
      method: 'POST',
      url: `${store.s}/cylinders/buy`,
      body: { id: item.id, quantity: q, tradeType, unitCost: 1000, paymentMethod: pick(['cash', 'bank', 'due']) },
      effect: { item: item.id, full: q, empty: tradeType === 'refill' ? -q : 0 },
    };
  }
  if (r < 0.75) {
    const side = random() < 0.6 ? 'sell' : 'buy';
    return {
      key,
      kind: side,
      method: 'POST',
      url: `${store.s}/stoves/${side}`,
      body: { id: store.stove.id, quantity: q, paymentMethod: 'cash', ...(side === 'buy' ? { unitCost: 1500 } : {}) },
      effect: { item: store.stove.id, stock: side === 'sell' ? -q : q },
    };
  }
  const shop = pick(store.shops);
  const amount = 100 + Math.floor(random() * 400);
  return {
    key,
    kind: 'payment',
    method: 'POST',
    url: `${store.s}/shops/${shop}/payments`,
    // An advance is allowed, so a payment never depends on which sells landed first.
    body: { amount, paymentMethod: pick(['cash', 'mobile']), advance: true },
    effect: { shop, due: -amount },
  };
}

export type Answer = { status: number } | { status: 0; error: string };

/** Sends one operation with its Idempotency-Key; a network failure or timeout is status 0. */
export async function send(base: string, store: StoreSetup, op: Op, timeoutMs = 20_000): Promise<Answer> {
  try {
    const res = await fetch(base + op.url, {
      method: op.method,
      headers: { ...store.auth, 'content-type': 'application/json', 'idempotency-key': op.key },
      body: JSON.stringify(op.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer();
    return { status: res.status };
  } catch (error) {
    const e = error as Error & { cause?: { code?: string } };
    return { status: 0, error: e.cause?.code ?? e.name };
  }
}

export { inPool, rng } from '../test/pool';
