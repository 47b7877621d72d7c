import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newUserBody, randomIp, signUp, storeWithTeam, type SignedIn, type TestContext } from '../tooling/test/helpers';

// A person's language lives on their profile (every device reads it at sign-in); what the API
// writes for people (invitation e-mails, CSV headers) comes in the reader's language; every
// refusal carries a code and its numbers for the web app to say it in Bangla.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ jobs: false });
  ctx.pool.on('error', () => {});
});
afterAll(() => ctx.close());

const me = (who: SignedIn, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/v1/user/me', headers: who.auth, payload });
const login = (identifier: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { loginIdentifier: identifier, password }, remoteAddress: randomIp() });

describe('the language on the profile', () => {
  it('is empty until chosen, then follows the person into every sign-in and refresh', async () => {
    const rahim = await signUp(ctx.app, 'rahim');
    const fresh = await login(rahim.username, rahim.password);
    expect(fresh.json().user).toMatchObject({ locale: null, latinDigits: false });

    const saved = await me(rahim, { locale: 'bn', latinDigits: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user).toMatchObject({ locale: 'bn', latinDigits: true });

    // Another device: the sign-in answers with the choice, and so does a refresh later.
    const phone = await login(rahim.username, rahim.password);
    expect(phone.json().user).toMatchObject({ locale: 'bn', latinDigits: true });
    const cookie = phone.cookies.find((c) => c.name === 'mojud_rt')!;
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { cookie: `mojud_rt=${cookie.value}`, 'x-requested-with': 'mojud' },
      payload: {},
    });
    expect(refreshed.json().user).toMatchObject({ locale: 'bn', latinDigits: true });
    expect((await ctx.app.inject({ url: '/api/v1/user/me', headers: rahim.auth })).json().user.locale).toBe('bn');
  });

  it('is taken from the sign-up page, and refuses a language Mojud does not speak', async () => {
    const body = { ...newUserBody('karim'), locale: 'bn' };
    const created = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body, remoteAddress: randomIp() });
    expect(created.statusCode).toBe(201);
    expect(created.json().user.locale).toBe('bn');

    const karim = await signUp(ctx.app, 'karim');
    const french = await me(karim, { locale: 'fr' });
    expect(french.statusCode).toBe(400);
    expect(french.json()).toMatchObject({ code: 'validation', params: { field: 'locale' }, errors: [{ field: 'locale', code: 'oneOf' }] });
  });
});

describe('a new store', () => {
  it('names its first delivery area in its creator’s language', async () => {
    const areaOf = async (who: SignedIn) => {
      const created = await ctx.app.inject({ method: 'POST', url: '/api/v1/stores', headers: who.auth, payload: { name: 'Gas', location: 'Mirpur', phone: '01711000000' } });
      const { divisions } = (await ctx.app.inject({ url: `/api/v1/workspace/${created.json().store.id}/divisions`, headers: who.auth })).json();
      return divisions.map((d: { name: string }) => d.name);
    };
    const english = await signUp(ctx.app, 'en');
    expect(await areaOf(english)).toEqual(['Main']);
    const bangla = await signUp(ctx.app, 'bn');
    await me(bangla, { locale: 'bn' });
    expect(await areaOf(bangla)).toEqual(['প্রধান এলাকা']);
  });
});

describe('invitation e-mails', () => {
  const mail = async (email: string) =>
    (await ctx.pool.query('select subject, body, locale from outbox where lower(to_address) = lower($1) order by id desc limit 1', [email])).rows[0];
  const invite = (storeId: string, by: SignedIn, email: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/stores/${storeId}/invites`, headers: by.auth, payload: { email, role: 'manager', lifespan: '1d' } });

  it('go out in the invitee’s language when their account has one, else in the inviter’s', async () => {
    const t = await storeWithTeam(ctx);
    const invitee = await signUp(ctx.app, 'jamal');
    await me(invitee, { locale: 'bn' });
    expect((await invite(t.store.id, t.owner, invitee.email)).statusCode).toBe(201);
    const bangla = await mail(invitee.email);
    expect(bangla.locale).toBe('bn');
    expect(bangla.subject).toBe(`মজুদে ${t.store.name} স্টোরে যোগ দেওয়ার আমন্ত্রণ`);
    expect(bangla.body).toContain('ম্যানেজার হিসেবে যোগ দেওয়ার জন্য');
    expect(bangla.body).toMatch(/লিংকটি [০-৯]+ [^\s,]+, [০-৯]+, (রাত|ভোর|সকাল|দুপুর|বিকাল|সন্ধ্যা) [০-৯]+:[০-৯]{2} পর্যন্ত চালু থাকবে/);

    // No account yet: the inviter's language, here English (the owner never chose).
    expect((await invite(t.store.id, t.owner, 'someone.new@example.com')).statusCode).toBe(201);
    const english = await mail('someone.new@example.com');
    expect(english).toMatchObject({ locale: 'en', subject: `You are invited to ${t.store.name} on Mojud` });
    expect(english.body).toContain('as manager');

    await me(t.admin, { locale: 'bn' });
    expect((await invite(t.store.id, t.admin, 'another.new@example.com')).statusCode).toBe(201);
    expect((await mail('another.new@example.com')).locale).toBe('bn');
  });
});

describe('CSV exports', () => {
  it('have their header line and words in the language asked for, and plain Latin numbers', async () => {
    const t = await storeWithTeam(ctx);
    await ctx.pool.query(
      `insert into ledger_entries (store_id, user_id, kind, payment_method, total_amount) values ($1, $2, 'sell', 'cash', 123456.5)`,
      [t.store.id, t.owner.id],
    );
    const get = (url: string) => ctx.app.inject({ url: `/api/v1/stores/${t.store.id}${url}`, headers: t.owner.auth });
    const [header, row] = (await get('/transactions.csv?lang=bn')).body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header.split(',').slice(0, 4)).toEqual(['আইডি', 'সময়', 'ধরন', 'মাল']);
    expect(row).toContain(',বিক্রি,');
    expect(row).toContain(',নগদ,');
    expect(row).toContain(',123456.5,');
    const [englishHeader] = (await get('/transactions.csv')).body.replace(/^\uFEFF/, '').split('\r\n');
    expect(englishHeader.split(',').slice(0, 4)).toEqual(['id', 'time', 'kind', 'item']);

    const profit = (await get('/reports/profit.csv?from=2026-01-01&to=2026-01-31&lang=bn')).body.replace(/^\uFEFF/, '');
    expect(profit.split('\r\n')[0]).toBe('ব্র্যান্ড,মাল,পরিমাণ,বিক্রি,খরচ,গ্রস লাভ,খরচ জানা নেই এমন লাইন,খরচ জানা নেই এমন বিক্রি');
    expect(profit).toContain('মোট,,0,0,0,0,0,0');
    expect((await get('/transactions.csv?lang=fr')).statusCode).toBe(400);
  });
});

describe('refusals', () => {
  it('carry a stable code with their numbers beside the English words', async () => {
    const t = await storeWithTeam(ctx);
    const base = `/api/v1/stores/${t.store.id}`;
    const { localBrands } = (await ctx.app.inject({ url: `${base}/brands/a`, headers: t.owner.auth })).json();
    await ctx.app.inject({ method: 'PATCH', url: `${base}/brands`, headers: t.owner.auth, payload: [{ id: localBrands[0].id, isActive: true }] });
    const items = (await ctx.app.inject({ url: `${base}/cylinder-inventory?size=12&regulatorType=22`, headers: t.owner.auth })).json();
    const id = items[0].id;
    await ctx.app.inject({ method: 'PATCH', url: `${base}/cylinder-inventory/${id}`, headers: t.owner.auth, payload: { retailPrice: 1250, wholesalePrice: 1200 } });
    await ctx.app.inject({
      method: 'POST',
      url: `${base}/cylinders/buy?size=12&regulatorType=22`,
      headers: t.owner.auth,
      payload: { id, quantity: 3, tradeType: 'package', unitCost: 3400, paymentMethod: 'cash' },
    });
    const oversell = await ctx.app.inject({
      method: 'POST',
      url: `${base}/cylinders/sell?size=12&regulatorType=22`,
      headers: t.staff.auth,
      payload: { id, quantity: 5, paymentMethod: 'cash' },
    });
    expect(oversell.statusCode).toBe(409);
    expect(oversell.json()).toMatchObject({
      message: 'Only 3 full cylinders in stock',
      code: 'stock.notEnoughFull',
      params: { available: 3 },
      errors: [{ field: 'lines.0.quantity', code: 'stock.onlyInStock', params: { available: 3 } }],
    });

    const staffBuys = await ctx.app.inject({
      method: 'POST',
      url: `${base}/cylinders/buy?size=12&regulatorType=22`,
      headers: t.staff.auth,
      payload: { id, quantity: 1, unitCost: 3400, paymentMethod: 'cash' },
    });
    expect(staffBuys.json()).toMatchObject({ status: 403, code: 'access.role', params: { required: 'manager', role: 'staff' } });

    const short = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { username: 'ab', email: 'ab@example.com', password: 'correct horse battery' },
      remoteAddress: randomIp(),
    });
    expect(short.json()).toMatchObject({
      message: 'username: Username must be 3 to 30 characters',
      code: 'validation',
      errors: [{ field: 'username', code: 'tooShort', params: { minimum: 3 } }],
    });
  });
});
