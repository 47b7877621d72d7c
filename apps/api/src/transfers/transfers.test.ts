import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activate, cylinder, ledgerMismatches, quietOnDrop, stock, storeRequests } from '../tooling/test/stock';
import { addMember, createTestApp, storeWithTeam, type SignedIn } from '../tooling/test/helpers';
import { auditStore, transferAudit } from '../vans/audit';

// Transfers between stores (DEALER.md rule 21) through the real routes: the day with
// every count and average worked out by hand, then who may do what, and the refusals that
// change nothing.
//
// Depot: 50 Bashundhara 12 kg 22 mm full at Tk 1,300 and 20 empties. Retail point (copied from
// the depot): 10 full at Tk 1,400. Sent 30 full + 10 empty; received 29 full + 10 empty.
//   depot       full 50 − 30 = 20, empty 20 − 10 = 10; lost 1 × 1,300 = Tk 1,300 (an expense)
//   retail      full 10 + 29 = 39, empty 0 + 10 = 10
//   retail avg  (10 × 1,400 + 29 × 1,300) ÷ 39 = 51,700 ÷ 39 = Tk 1,325.64

const ctx = quietOnDrop(await createTestApp({ jobs: false }));
afterAll(() => ctx.close());

let t: Awaited<ReturnType<typeof storeWithTeam>>;
let retailId: string;
let depotItem: string;
let retailItem: string;
let stoveId: string;
let retailStaff: SignedIn;
const depot = storeRequests(ctx, () => t.store.id);
const retail = storeRequests(ctx, () => retailId);

const counts = async (id: string) =>
  (await ctx.pool.query('select full_count, empty_count, problem_count, refill_cost from cylinder_items where id = $1', [id])).rows[0] as {
    full_count: number;
    empty_count: number;
    problem_count: number;
    refill_cost: string | null;
  };

beforeAll(async () => {
  t = await storeWithTeam(ctx);
  await activate(ctx, t.store.id, t.owner, ['Bashundhara']);
  depotItem = (await cylinder(ctx, t.store.id, t.owner, 'Bashundhara')).id;
  await depot.ok(t.owner, 'PATCH', `cylinder-inventory/${depotItem}`, { retailPrice: 1500, refillCost: 1300 });
  await stock(ctx, t.store.id, t.owner, depotItem, { fullCount: 50, emptyCount: 20 });
  const { item: stove } = await depot.ok(t.owner, 'POST', 'stove-inventory', { name: 'Rinnai double', price: 2500 });
  stoveId = stove.id;
  await stock(ctx, t.store.id, t.owner, stoveId, { stockCount: 4, problemCount: 0 });
  // The retail point starts from the depot: same brands and items, no stock.
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/stores',
    headers: t.owner.auth,
    payload: { name: 'Retail Point', location: 'Mirpur', phone: '01711000098', copyFrom: { storeId: t.store.id, shops: false } },
  });
  expect(created.statusCode, created.body).toBe(201);
  retailId = created.json().store.id;
  retailItem = (await cylinder(ctx, retailId, t.owner, 'Bashundhara')).id;
  await retail.ok(t.owner, 'PATCH', `cylinder-inventory/${retailItem}`, { refillCost: 1400 });
  await stock(ctx, retailId, t.owner, retailItem, { fullCount: 10, emptyCount: 0 });
  retailStaff = t.staff;
  await addMember(ctx, retailId, retailStaff, 'staff');
});

const sendBody = (lines: object[], note?: string) => ({ toStoreId: retailId, lines, ...(note && { note }) });

describe('a transfer from the depot to the retail point', () => {
  let transferId: string;

  it('sending takes the stock out at once; both stores see it in transit', async () => {
    const res = await depot.send(t.owner, 'POST', 'transfers', sendBody([{ itemType: 'cylinder', itemId: depotItem, fullCount: 30, emptyCount: 10 }], 'Morning van'), {
      'idempotency-key': 'send-1',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { transfer, message } = res.json();
    transferId = transfer.id;
    expect(message).toBe('T-0001 sent to Retail Point');
    expect(transfer).toMatchObject({
      number: 'T-0001',
      direction: 'out',
      status: 'sent',
      fromStore: { id: t.store.id },
      toStore: { id: retailId, name: 'Retail Point' },
      costValue: 39000,
    });
    expect(transfer.lines[0]).toMatchObject({ name: 'Bashundhara 12 kg 22 mm', sent: { fullCount: 30, emptyCount: 10 }, received: null, unitCost: 1300 });
    expect(await counts(depotItem)).toMatchObject({ full_count: 20, empty_count: 10 });
    expect(await counts(retailItem)).toMatchObject({ full_count: 10, empty_count: 0 });

    // The same request again (a retry) sends nothing more.
    const again = await depot.send(t.owner, 'POST', 'transfers', sendBody([{ itemType: 'cylinder', itemId: depotItem, fullCount: 30, emptyCount: 10 }], 'Morning van'), {
      'idempotency-key': 'send-1',
    });
    expect(again.json().transfer.id).toBe(transferId);
    expect(await counts(depotItem)).toMatchObject({ full_count: 20, empty_count: 10 });

    const incoming = await retail.ok(retailStaff, 'GET', 'transfers?status=sent&direction=in');
    expect(incoming.transfers.map((x: { id: string }) => x.id)).toEqual([transferId]);
    // A staff member's answer carries no cost.
    expect(incoming.transfers[0].costValue).toBeUndefined();
    expect(incoming.transfers[0].lines[0].unitCost).toBeUndefined();
    expect(incoming.transfers[0].lines[0].itemId).toBe(retailItem);

    const where = (await depot.ok(t.owner, 'GET', 'stock-locations')).items.find((i: { itemId: string }) => i.itemId === depotItem);
    expect(where).toMatchObject({ store: { fullCount: 20, emptyCount: 10 }, inTransitOut: { fullCount: 30, emptyCount: 10 } });
    const there = (await retail.ok(retailStaff, 'GET', 'stock-locations')).items.find((i: { itemId: string }) => i.itemId === retailItem);
    expect(there).toMatchObject({ store: { fullCount: 10 }, inTransitIn: { fullCount: 30, emptyCount: 10 } });
  });

  it('a shortfall needs a note, and more than was sent is refused; neither changes anything', async () => {
    const short = await retail.send(retailStaff, 'POST', `transfers/${transferId}/receive`, { lines: [{ lineNo: 0, fullCount: 29, emptyCount: 10 }] });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('transfer.lostNeedsNote');
    const more = await retail.send(retailStaff, 'POST', `transfers/${transferId}/receive`, { lines: [{ lineNo: 0, fullCount: 31, emptyCount: 10 }] });
    expect(more.statusCode).toBe(400);
    expect(more.json().errors[0]).toMatchObject({ field: 'lines.0.fullCount', code: 'transfer.moreThanSent' });
    expect(await counts(retailItem)).toMatchObject({ full_count: 10, empty_count: 0 });
  });

  it('the sender cannot receive it, and another store cannot see it', async () => {
    expect((await depot.send(t.owner, 'POST', `transfers/${transferId}/receive`, { lines: [] })).statusCode).toBe(404);
    const outsider = await ctx.app.inject({ url: `/api/v1/stores/${t.otherStore.id}/transfers/${transferId}`, headers: t.outsider.auth });
    expect(outsider.statusCode).toBe(404);
    const notMember = await ctx.app.inject({ url: `/api/v1/stores/${retailId}/transfers/${transferId}`, headers: t.outsider.auth });
    expect(notMember.statusCode).toBe(404);
  });

  it('the retail point counts 29 full and 10 empty: one is lost in transit, at the depot’s cost', async () => {
    const res = await retail.send(
      retailStaff,
      'POST',
      `transfers/${transferId}/receive`,
      { lines: [{ lineNo: 0, fullCount: 29, emptyCount: 10 }], note: 'One fell off at Gabtoli' },
      { 'idempotency-key': 'recv-1' },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('T-0001 received; 1 lost in transit');
    expect(res.json().transfer).toMatchObject({ status: 'received', direction: 'in', lostNote: 'One fell off at Gabtoli' });
    // The staff member who counted it sees no cost.
    expect([res.json().transfer.costValue, res.json().transfer.lostValue, res.json().transfer.lines[0].unitCost]).toEqual([undefined, undefined, undefined]);
    expect(res.json().transfer.lines[0]).toMatchObject({ received: { fullCount: 29, emptyCount: 10 }, lost: { fullCount: 1, emptyCount: 0 } });

    expect(await counts(retailItem)).toMatchObject({ full_count: 39, empty_count: 10, refill_cost: '1325.64' });
    expect(await counts(depotItem)).toMatchObject({ full_count: 20, empty_count: 10, refill_cost: '1300.00' });

    const { rows: lost } = await ctx.pool.query(
      `select quantity, total_amount, note from ledger_entries where store_id = $1 and kind = 'transfer_lost'`,
      [t.store.id],
    );
    expect(lost).toEqual([{ quantity: 1, total_amount: '1300.00', note: 'T-0001: One fell off at Gabtoli' }]);
    const owner = (await depot.ok(t.owner, 'GET', `transfers/${transferId}`)).transfer;
    expect(owner).toMatchObject({ direction: 'out', costValue: 39000, lostValue: 1300 });

    // Received once: again with another key is refused; the same key answers the same.
    const twice = await retail.send(retailStaff, 'POST', `transfers/${transferId}/receive`, { lines: [] });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'transfer.alreadyReceived']);
    const cancel = await depot.send(t.owner, 'POST', `transfers/${transferId}/cancel`);
    expect([cancel.statusCode, cancel.json().code]).toEqual([409, 'transfer.alreadyReceived']);
  });

  it('both ledgers name it, and the counts and shells still add up in both stores', async () => {
    const { rows } = await ctx.pool.query(
      `select store_id = $1 as depot, kind, quantity, full_delta, empty_delta from ledger_entries where transfer_id = $2 order by id`,
      [t.store.id, transferId],
    );
    expect(rows).toEqual([
      { depot: true, kind: 'transfer_out', quantity: 40, full_delta: -30, empty_delta: -10 },
      { depot: false, kind: 'transfer_in', quantity: 39, full_delta: 29, empty_delta: 10 },
      { depot: true, kind: 'transfer_lost', quantity: 1, full_delta: 0, empty_delta: 0 },
    ]);
    for (const store of [t.store.id, retailId]) {
      expect(await ledgerMismatches(ctx, store)).toEqual([]);
      expect(await auditStore(ctx.pool, store)).toEqual([]);
      expect(await transferAudit(ctx.pool, store)).toEqual([]);
    }
  });
});

describe('cancelling before it is received', () => {
  it('puts the stock back at the sender, and the receiver can no longer take it', async () => {
    const { transfer } = await depot.ok(t.owner, 'POST', 'transfers', sendBody([
      { itemType: 'cylinder', itemId: depotItem, fullCount: 5 },
      { itemType: 'stove', itemId: stoveId, stockCount: 2 },
    ]));
    expect(transfer.number).toBe('T-0002');
    expect(await counts(depotItem)).toMatchObject({ full_count: 15 });
    const res = await depot.send(t.owner, 'POST', `transfers/${transfer.id}/cancel`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ message: 'T-0002 cancelled; the stock is back', transfer: { status: 'cancelled' } });
    expect(await counts(depotItem)).toMatchObject({ full_count: 20, empty_count: 10 });
    const stove = await ctx.pool.query('select stock_count from accessory_items where id = $1', [stoveId]);
    expect(stove.rows[0].stock_count).toBe(4);
    const late = await retail.send(retailStaff, 'POST', `transfers/${transfer.id}/receive`, { lines: [] });
    expect([late.statusCode, late.json().code]).toEqual([409, 'transfer.alreadyCancelled']);
    expect(await transferAudit(ctx.pool, t.store.id)).toEqual([]);
    expect(await auditStore(ctx.pool, t.store.id)).toEqual([]);
  });
});

describe('who may send, and what is refused', () => {
  const line = (over: object = {}) => ({ itemType: 'cylinder', itemId: depotItem, fullCount: 1, ...over });

  it('staff may not send; a manager must be manager or up in the receiving store too', async () => {
    expect((await depot.send(t.staff, 'POST', 'transfers', sendBody([line()]))).statusCode).toBe(403);
    const notThere = await depot.send(t.manager, 'POST', 'transfers', sendBody([line()]));
    expect([notThere.statusCode, notThere.json().code]).toEqual([404, 'store.notFound']);
    await addMember(ctx, retailId, t.admin, 'staff');
    const lowRole = await depot.send(t.admin, 'POST', 'transfers', sendBody([line()]));
    expect([lowRole.statusCode, lowRole.json().code, lowRole.json().message]).toEqual([
      403,
      'transfer.needsManagerThere',
      'Only a manager or above of Retail Point can send stock there; your role there is staff',
    ]);
    // The destinations offered are the stores where the caller may send.
    expect((await depot.ok(t.owner, 'GET', 'transfer-destinations')).stores).toEqual([{ id: retailId, name: 'Retail Point' }]);
    expect((await depot.ok(t.admin, 'GET', 'transfer-destinations')).stores).toEqual([]);
    expect(await counts(depotItem)).toMatchObject({ full_count: 20 });
  });

  it('refuses more than the store has, a store sending to itself, nothing on a line, and goods the other store lacks', async () => {
    const tooMany = await depot.send(t.owner, 'POST', 'transfers', sendBody([line({ fullCount: 21 })]));
    expect([tooMany.statusCode, tooMany.json().code, tooMany.json().message]).toEqual([
      409,
      'transfer.notEnough',
      'Only 20 full Bashundhara 12 kg 22 mm to send (asked 21)',
    ]);
    const self = await depot.send(t.owner, 'POST', 'transfers', { toStoreId: t.store.id, lines: [line()] });
    expect([self.statusCode, self.json().code]).toEqual([400, 'transfer.sameStore']);
    const empty = await depot.send(t.owner, 'POST', 'transfers', sendBody([line({ fullCount: 0 })]));
    expect([empty.statusCode, empty.json().code]).toEqual([400, 'transfer.nothingOnLine']);
    // A stove the depot added after the retail point was made: the retail point has none.
    const { item: walton } = await depot.ok(t.owner, 'POST', 'stove-inventory', { name: 'Walton single', price: 1800 });
    await stock(ctx, t.store.id, t.owner, walton.id, { stockCount: 2, problemCount: 0 });
    const missing = await depot.send(t.owner, 'POST', 'transfers', sendBody([{ itemType: 'stove', itemId: walton.id, stockCount: 1 }]));
    expect([missing.statusCode, missing.json().code, missing.json().message]).toEqual([
      409,
      'transfer.noMatchingItem',
      'Retail Point has no Walton single: add it there first',
    ]);
    expect(await counts(depotItem)).toMatchObject({ full_count: 20, empty_count: 10 });
  });
});
