import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, newUserBody, openMailedLink, randomIp } from '../tooling/test/helpers';

/**
 * A client written from the product spec alone (section 7, "Calls") works unchanged: every call
 * the spec lists, with exactly its headers — a bearer token from the stored access token, the
 * cookie it was given (credentials), a JSON content type; nothing of Mojud's (no
 * X-Requested-With, no Idempotency-Key, no Fetch Metadata) — and its payloads, and each answer
 * has what the spec says the client reads.
 *
 * Where the spec's screens cannot set a store up (prices, opening stock, stoves, delivery areas),
 * the test uses the routes DECISIONS §5 designed, with the same headers.
 */
const SPEC_CLIENT_ORIGIN = 'https://spec-client.example';
const ctx = await createTestApp({ corsOrigins: [SPEC_CLIENT_ORIGIN] });
afterAll(() => ctx.close());

interface Cookie {
  value: string;
  path: string;
}

/** Section 7's client: base {host}/api/v1, sent with credentials, a bearer header on every request. */
class SpecClient {
  /** The stored access token; before sign-in there is none, and the header says so. */
  token: string | null = null;
  private readonly cookies = new Map<string, Cookie>();
  private readonly ip = randomIp();

  constructor(private readonly extraHeaders: Record<string, string> = {}) {}

  async call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) {
    const url = `/api/v1${path}`;
    // Credentials: the browser sends a cookie only below its path.
    const cookie = [...this.cookies]
      .filter(([, c]) => url.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
    const res = await ctx.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${this.token}`,
        'content-type': 'application/json',
        ...(cookie ? { cookie } : {}),
        ...this.extraHeaders,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      remoteAddress: this.ip,
    });
    for (const c of res.cookies) {
      const expired = c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, { value: c.value, path: c.path ?? '/' });
    }
    return res;
  }

  /** "Callers receive the response body", and a failure is `{status, message, errors}`. */
  async body(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, payload?: unknown) {
    const res = await this.call(method, path, payload);
    expect(res.statusCode, `${method} ${path}: ${res.body}`).toBeLessThan(300);
    return res.body ? res.json() : null;
  }
}

/** Each field the spec's client reads is there (its value may be null where the spec allows). */
function expectFields(value: unknown, fields: string[], label: string) {
  expect(value, label).toBeTypeOf('object');
  for (const field of fields) expect(value, `${label} has ${field}`).toHaveProperty(field);
}

/** "id (or _id)": the client takes either; Mojud sends the first. */
function expectOneOf(value: Record<string, unknown>, names: string[], label: string) {
  expect(names.some((n) => n in value), `${label} has ${names.join(' or ')}`).toBe(true);
}

const q = '?size=12&regulatorType=22';

describe('a client built to the spec (section 7)', () => {
  it('signs up, signs in, gets its token by refresh, runs a store, and signs out', async () => {
    const client = new SpecClient();
    const { username, email, password } = newUserBody('spec');

    // Authentication and user
    await client.body('POST', '/auth/register', { username, email, password });
    await client.body('POST', '/auth/login', { loginIdentifier: username, password });
    // Auth initialisation: the token comes from the refresh call.
    const refreshed = await client.body('POST', '/auth/refresh');
    expect(refreshed.accessToken).toBeTypeOf('string');
    client.token = refreshed.accessToken;
    const { user } = await client.body('GET', '/user/me');
    expectFields(user, ['email', 'firstName', 'lastName', 'username'], 'user');
    expect(user).toMatchObject({ email, username });

    // Stores
    expect((await client.body('GET', '/stores')).stores).toEqual([]);
    const created = await client.body('POST', '/stores', { name: 'Spec Gas House', location: 'Mirpur, Dhaka', phone: '01711000000' });
    const store = created.data ?? created;
    expectFields(store, ['id', 'name', 'image', 'location', 'phone'], 'created store');
    expect(store).toMatchObject({ name: 'Spec Gas House', location: 'Mirpur, Dhaka', phone: '01711000000' });
    const { stores } = await client.body('GET', '/stores');
    expect(stores).toHaveLength(1);
    expectFields(stores[0], ['id', 'name', 'image', 'location', 'phone'], 'listed store');
    const s = `/stores/${store.id}`;

    // Brands
    const { localBrands } = await client.body('GET', `${s}/brands/a`);
    expect(localBrands.length).toBeGreaterThan(0);
    for (const brand of localBrands) expectFields(brand, ['id', 'name', 'isActive'], 'brand');
    const bashundhara = localBrands.find((b: { name: string }) => b.name === 'Bashundhara');
    const saved = await client.body('PATCH', `${s}/brands`, [{ id: bashundhara.id, isActive: true }]);
    expectFields(saved, ['message', 'updatedBrands'], 'brand save');
    expect(saved.updatedBrands.find((b: { id: string }) => b.id === bashundhara.id).isActive).toBe(true);

    // Cylinders: an array the client iterates
    const list = async () => {
      const items = await client.body('GET', `${s}/cylinder-inventory${q}`);
      expect(Array.isArray(items)).toBe(true);
      for (const item of items) expectFields(item, ['id', 'brandName', 'name', 'price', 'fullCount', 'emptyCount', 'problemCount'], 'cylinder');
      return items as { id: string; brandName: string; price: number; fullCount: number; emptyCount: number; problemCount: number }[];
    };
    const [cylinder] = await list();
    expect(cylinder).toMatchObject({ brandName: 'Bashundhara', fullCount: 0, emptyCount: 0, problemCount: 0 });
    expect(await client.body('GET', `${s}/cylinder-inventory`)).toHaveLength(6);
    // A price and the opening stock (DECISIONS §5: Mojud's screens set these up).
    await client.body('PATCH', `${s}/cylinder-inventory/${cylinder.id}`, { price: 1250 });
    await client.body('POST', `${s}/stock-counts`, { itemId: cylinder.id, fullCount: 10, emptyCount: 10 });

    // Buy, sell, mark and unmark: the trade modal's payload, `{success, message}` back.
    const [priced] = await list();
    expect(priced.price).toBe(1250);
    const trade = { id: cylinder.id, quantity: 2, price: priced.price, totalAmount: 2 * priced.price, paymentMethod: 'cash' };
    const bought = await client.body('POST', `${s}/cylinders/buy${q}`, trade);
    expect(bought).toMatchObject({ success: true, message: 'Cylinders purchased successfully!' });
    const sold = await client.body('POST', `${s}/cylinders/sell${q}`, { ...trade, quantity: 3, totalAmount: 3 * priced.price });
    expect(sold).toMatchObject({ success: true, message: 'Cylinders sold successfully!' });
    const marked = await client.body('PATCH', `${s}/cylinders/mark-defected${q}&isDefected=true`, { id: cylinder.id, cylinderCount: 2 });
    expect(marked).toMatchObject({ success: true, message: 'Cylinders marked as problem!' });
    expect((await list())[0]).toMatchObject({ fullCount: 10 + 2 - 3 - 2, emptyCount: 10 - 2 + 3, problemCount: 2 });
    const unmarked = await client.body('PATCH', `${s}/cylinders/mark-defected${q}&isDefected=false`, { id: cylinder.id, cylinderCount: 1 });
    expect(unmarked).toMatchObject({ success: true });
    expect((await list())[0]).toMatchObject({ fullCount: 8, problemCount: 1 });
    // A refusal carries the message the client shows in its toast.
    const tooMany = await client.call('POST', `${s}/cylinders/sell${q}`, { ...trade, quantity: 50, totalAmount: 50 * priced.price });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ status: 409, message: 'Only 8 full cylinders in stock' });
    expect(tooMany.json()).toHaveProperty('errors');

    // Stoves and regulators: arrays too
    for (const kind of ['stove', 'regulator']) {
      expect(await client.body('GET', `${s}/${kind}-inventory`)).toEqual([]);
      await client.body('POST', `${s}/${kind}-inventory`, { name: `Spec ${kind}`, price: 450 });
      const items = await client.body('GET', `${s}/${kind}-inventory`);
      expect(Array.isArray(items)).toBe(true);
      expect(items).toHaveLength(1);
      expectFields(items[0], ['id', 'name', 'price', 'stockCount', 'problemCount'], kind);
      expect(items[0]).toMatchObject({ name: `Spec ${kind}`, price: 450, stockCount: 0, problemCount: 0 });
    }

    // Customer shops: the workspace is the store, a division one of its areas.
    const { divisions } = await client.body('GET', `/workspace/${store.id}/divisions`);
    const shopsPath = `/workspace/${store.id}/divisions/${divisions[0].id}/stores`;
    expect((await client.body('GET', shopsPath)).stores).toEqual([]);
    const shopBody = { name: 'Rahim Store', contactName: 'Rahim', phone: '01711000001', address: 'Mirpur 10' };
    await client.body('POST', shopsPath, shopBody);
    const [shop] = (await client.body('GET', shopsPath)).stores;
    expectFields(shop, ['id', 'name', 'contactName', 'phone', 'address', 'due', 'image'], 'shop');
    // Phones come back in the one form Mojud keeps them in (+880…), for messages.
    expect(shop).toMatchObject({ ...shopBody, phone: '+8801711000001', due: 0 });
    await client.body('PUT', `${shopsPath}/${shop.id}`, { ...shopBody, address: 'Mirpur 11' });
    expect((await client.body('GET', shopsPath)).stores[0]).toMatchObject({ address: 'Mirpur 11' });
    await client.body('DELETE', `${shopsPath}/${shop.id}`);
    expect((await client.body('GET', shopsPath)).stores).toEqual([]);

    // Vehicles and their costs
    await client.body('POST', `${s}/vehicles`, { regNumber: 'DHAKA-METRO-NA 11-2233', vehicleBrand: 'Tata', vehicleModel: 'Ace' });
    const [vehicle] = (await client.body('GET', `${s}/vehicles`)).vehicles;
    expectOneOf(vehicle, ['id', '_id'], 'vehicle');
    expectOneOf(vehicle, ['vehicleBrand', 'brand'], 'vehicle');
    expectOneOf(vehicle, ['vehicleModel', 'model'], 'vehicle');
    expectOneOf(vehicle, ['regNumber', 'regNo'], 'vehicle');
    expect(vehicle).toMatchObject({ regNumber: 'DHAKA-METRO-NA 11-2233', vehicleBrand: 'Tata', vehicleModel: 'Ace' });
    const v = `${s}/vehicles/${vehicle.id}`;
    await client.body('PATCH', v, { regNumber: 'DHAKA-METRO-NA 11-2233', vehicleBrand: 'Tata', vehicleModel: 'Super Ace' });
    expect((await client.body('GET', `${s}/vehicles`)).vehicles[0]).toMatchObject({ vehicleModel: 'Super Ace' });
    await client.body('POST', `${v}/fuel`, { amount: 1500, paymentMethod: 'cash', ref: 'PUMP-7', details: { description: 'Diesel' } });
    await client.body('POST', `${v}/repair`, { amount: 800, paymentMethod: 'mobile', ref: '', details: { description: 'Tyre' } });
    const { transactions } = await client.body('GET', `${v}/txs`);
    expect(transactions).toHaveLength(2);
    for (const tx of transactions) {
      expectOneOf(tx, ['id', '_id'], 'vehicle transaction');
      expectOneOf(tx, ['transactionType', 'type'], 'vehicle transaction');
      expectFields(tx, ['amount', 'details', 'paymentMethod', 'ref'], 'vehicle transaction');
      expectFields(tx.details, ['description'], 'vehicle transaction details');
    }
    expect(transactions.map((t: { transactionType: string; amount: number }) => [t.transactionType, t.amount]).sort()).toEqual([
      ['fuel_payment', 1500],
      ['repair_payment', 800],
    ]);
    await client.body('DELETE', v);
    expect((await client.body('GET', `${s}/vehicles`)).vehicles).toEqual([]);

    // Logout ends the session: the cookie no longer refreshes.
    await client.body('POST', '/auth/logout');
    const after = await client.call('POST', '/auth/refresh');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ status: 401 });
    expect(after.json()).toHaveProperty('message');
  });

  it('invites by e-mail; the invited person lists each invitation with id, token, role and store, joins by the token and declines by the id', async () => {
    const signedIn = async (prefix: string, email?: string) => {
      const client = new SpecClient();
      const body = newUserBody(prefix);
      const address = email ?? body.email;
      await client.body('POST', '/auth/register', { ...body, email: address });
      await client.body('POST', '/auth/login', { loginIdentifier: body.username, password: body.password });
      client.token = (await client.body('POST', '/auth/refresh')).accessToken;
      return { client, email: address };
    };
    const { client: owner } = await signedIn('inviter');
    const depot = (await owner.body('POST', '/stores', { name: 'Spec Depot', location: 'Tejgaon', phone: '01711000001' })).store;
    const shop = (await owner.body('POST', '/stores', { name: 'Spec Corner', location: 'Mirpur', phone: '01711000002' })).store;
    const address = newUserBody('invited').email;
    await owner.body('POST', `/stores/${depot.id}/invites`, { email: address, role: 'manager', lifespan: '1d' });
    await owner.body('POST', `/stores/${shop.id}/invites`, { email: address, role: 'staff', lifespan: '1d' });

    const { client: invited } = await signedIn('invited', address);
    // An address counts once its owner opened the link mailed to it (DECISIONS §4).
    expect((await invited.body('GET', '/user/invites')).invites).toEqual([]);
    await openMailedLink(ctx.app, address, '/api/v1/auth/verify-email');
    const { invites } = await invited.body('GET', '/user/invites');
    expect(invites).toHaveLength(2);
    for (const invite of invites) {
      expectFields(invite, ['id', 'token', 'role', 'store'], 'invite');
      expectFields(invite.store, ['name'], 'invite store');
    }
    const byName = (name: string) => invites.find((i: { store: { name: string } }) => i.store.name === name);
    expect(byName('Spec Depot')).toMatchObject({ role: 'manager' });

    await invited.body('PATCH', `/user/invites/${byName('Spec Depot').token}/accept`);
    await invited.body('PATCH', `/user/invites/${byName('Spec Corner').id}/decline`);
    expect((await invited.body('GET', '/user/invites')).invites).toEqual([]);
    expect((await invited.body('GET', '/stores')).stores.map((s: { name: string }) => s.name)).toEqual(['Spec Depot']);
  });

  it('starts again after a reload with the expired token it kept: refresh is not refused for it', async () => {
    const client = new SpecClient();
    const { username, email, password } = newUserBody('reload');
    await client.body('POST', '/auth/register', { username, email, password });
    await client.body('POST', '/auth/login', { loginIdentifier: email, password });
    client.token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJvbGQifQ.c3RhbGU';
    expect((await client.call('GET', '/user/me')).statusCode).toBe(401);
    client.token = (await client.body('POST', '/auth/refresh')).accessToken;
    expect((await client.body('GET', '/user/me')).user.username).toBe(username);
  });

  it("served from an origin in CORS_ORIGINS on the API's site, refreshes from the browser and reads the answers", async () => {
    // What a browser adds by itself on that page; the client still sends nothing of Mojud's.
    const client = new SpecClient({ origin: SPEC_CLIENT_ORIGIN, 'sec-fetch-site': 'same-site' });
    const { username, email, password } = newUserBody('cors');
    await client.body('POST', '/auth/register', { username, email, password });
    await client.body('POST', '/auth/login', { loginIdentifier: username, password });
    const res = await client.call('POST', '/auth/refresh');
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(SPEC_CLIENT_ORIGIN);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    client.token = res.json().accessToken;
    expect((await client.body('GET', '/stores')).stores).toEqual([]);

    // The same page on an origin nobody allowed is refused, and its browser may read nothing.
    const stranger = new SpecClient({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    await stranger.body('POST', '/auth/login', { loginIdentifier: username, password });
    const refused = await stranger.call('POST', '/auth/refresh');
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});
