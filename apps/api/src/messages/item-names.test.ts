// Items named in the reader's language in what the API writes itself: the owner's SMS and the
// CSV exports (docs/decisions.md, "Names in two languages").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandLabel } from '@mojud/domain';
import { activate, cylinder, stock, url } from '../tooling/test/stock';
import { createTestApp, storeWithTeam, until, type SignedIn, type TestContext } from '../tooling/test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ linkBase: 'https://mjd.bd' });
});
afterAll(() => ctx.close());

const call = (who: SignedIn, method: string, path: string, payload?: object) =>
  ctx.app.inject({ method: method as 'GET', url: path, headers: who.auth, ...(payload && { payload }) });

/** A store selling Bashundhara 12 kg 22 mm at Tk 1,200, 40 full. */
async function dealer() {
  const t = await storeWithTeam(ctx);
  await activate(ctx, t.store.id, t.owner, ['Bashundhara']);
  const item = await cylinder(ctx, t.store.id, t.owner);
  await stock(ctx, t.store.id, t.owner, item.id, { fullCount: 40, emptyCount: 10, problemCount: 0 }, 1200);
  const sell = async (quantity: number) => {
    const res = await call(t.staff, 'POST', url(t.store.id, 'sales'), {
      shopId: null,
      lines: [{ itemType: 'cylinder', itemId: item.id, tradeType: 'refill', quantity }],
      payments: [{ method: 'cash', amount: 1200 * quantity }],
    });
    if (res.statusCode !== 201) throw new Error(res.body);
  };
  return { ...t, item, sell };
}

describe('item names in Bangla', () => {
  it('every brand of the catalogue has its Bangla name', async () => {
    const { rows } = await ctx.pool.query<{ name: string }>('select name from brands order by name');
    expect(rows.length).toBeGreaterThan(0);
    for (const { name } of rows) expect(brandLabel(name, 'bn'), name).toMatch(/^[\u0980-\u09ff][\u0980-\u09ff\s-]*$/);
  });

  it('a low-stock SMS to an owner who reads Bangla names the item in Bangla', async () => {
    const t = await dealer();
    const current = (await call(t.owner, 'GET', url(t.store.id, 'messages/settings'))).json().settings;
    const settings = { ...current, ownerAlerts: 'sms', ownerPhone: '01811000999', ownerLanguage: 'bn' };
    expect((await call(t.owner, 'PUT', url(t.store.id, 'messages/settings'), settings)).statusCode).toBe(200);
    expect((await call(t.manager, 'PUT', url(t.store.id, 'reorder-levels'), { itemType: 'cylinder', itemId: t.item.id, level: 38 })).statusCode).toBe(200);
    await t.sell(3); // 37 left: below the level

    const alert = async () =>
      (await ctx.pool.query(`select text from message_outbox where store_id = $1 and kind = 'low_stock'`, [t.store.id])).rows[0] as
        | { text: string }
        | undefined;
    await until(10_000, async () => Boolean(await alert()));
    const { text } = (await alert())!;
    expect(text).toContain('বসুন্ধরা ১২ কেজি ২২ মিমি');
    expect(text).toContain('৩৭');
    expect(text).not.toMatch(/[A-Za-z]/);
  });

  it('a CSV asked for in Bangla names brands and items in Bangla; in English as the API names them', async () => {
    const t = await dealer();
    await t.sell(2);
    const day = (await ctx.pool.query(`select to_char(now() at time zone 'Asia/Dhaka', 'YYYY-MM-DD') as day`)).rows[0].day as string;
    const profit = async (lang: string) =>
      (await call(t.owner, 'GET', url(t.store.id, `reports/profit.csv?from=${day}&to=${day}&lang=${lang}`))).body.replace(/^\uFEFF/, '').split('\r\n');
    expect((await profit('bn'))[1]).toMatch(/^বসুন্ধরা,বসুন্ধরা ১২ কেজি ২২ মিমি,2,2400,/);
    expect((await profit('en'))[1]).toMatch(/^Bashundhara,Bashundhara 12 kg 22 mm,2,2400,/);

    const transactions = (await call(t.owner, 'GET', url(t.store.id, 'transactions.csv?lang=bn'))).body;
    expect(transactions).toContain(',বসুন্ধরা ১২ কেজি ২২ মিমি,');
    expect(transactions).not.toContain('Bashundhara');
  });
});
