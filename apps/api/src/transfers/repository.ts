import { sql } from 'drizzle-orm';
import type { ReceiveTransferBody, SendTransferBody, StockLocationItem, Transfer, TransferLine } from '@mojud/contracts';
import { isUuid } from '@mojud/contracts';
import {
  checkReceived,
  checkTransferLine,
  noMatchingItem,
  notEnoughToSend,
  numericText,
  sameStoreTransfer,
  toPoisha,
  toTaka,
  transferBackDeltas,
  transferInDeltas,
  transferLost,
  transferNeedsManagerThere,
  transferNotInTransit,
  transferNumber,
  transferOutDeltas,
  transferValue,
  weightedAverageCost,
  type Poisha,
  type SaleItemType,
  type TransferCounts,
} from '@mojud/domain';
import type { DbOrTx, Tx } from '../db/client';
import { inStoreScope } from '../db/scope';
import { notFound } from '../errors';
import { DELTA_COLUMNS, deltaValues } from '../ledger/ledger';
import { roleAtLeast } from '../plugins/access';

// Transfers between stores (DEALER.md rule 21; migration 0029). A transfer is the sending
// store's row; the receiving store reads it and records what arrived. Each step writes its
// ledger entries in the store whose counts it changes, in that store's row-level scope
// (`inStoreScope`), and the request's own scope is restored before the step returns:
// - send: the sender's counts go down (`transfer_out`); the stock is in transit;
// - receive: the receiver's counts go up by what arrived (`transfer_in`) and its average cost
//   moves by weighted average at the sender's cost; a shortfall is the sender's `transfer_lost`;
// - cancel: the sender's counts come back (`transfer_back`).

type Row = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const costOrNull = (v: unknown): Poisha | null => (v === null || v === undefined ? null : toPoisha(String(v)));
const money = (p: Poisha | null) => (p === null ? null : numericText(p));

export interface TransferActor {
  storeId: string;
  userId: string;
  idempotencyKey: string | null;
}

const transferNotFound = () => notFound({ message: 'Transfer not found', code: 'transfer.notFound' });

interface ItemRow {
  id: string;
  name: string;
  item_type: SaleItemType;
  brand_id: string | null;
  size: string | null;
  regulator_type: string | null;
  full_count: number;
  empty_count: number;
  problem_count: number;
  stock_count: number;
  cost: string | null;
  package_cost: string | null;
}

/** The store's items by id, rows locked (cylinders, then stoves and regulators). */
async function lockItems(tx: Tx, storeId: string, ids: string[]): Promise<Map<string, ItemRow>> {
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const { rows: cylinders } = await tx.execute(sql`
    select i.id, b.name || ' ' || i.size || ' kg ' || i.regulator_type || ' mm' as name, 'cylinder' as item_type,
      i.brand_id, i.size::text as size, i.regulator_type, i.full_count, i.empty_count, i.problem_count, 0 as stock_count,
      i.refill_cost as cost, i.package_cost
    from cylinder_items i join brands b on b.id = i.brand_id
    where i.store_id = ${storeId}::uuid and i.id in (${list}) order by i.id for update of i`);
  const { rows: accessories } = await tx.execute(sql`
    select a.id, a.name, a.kind as item_type, null as brand_id, null as size, null as regulator_type,
      0 as full_count, 0 as empty_count, a.problem_count, a.stock_count, a.cost, null as package_cost
    from accessory_items a where a.store_id = ${storeId}::uuid and a.id in (${list}) order by a.id for update`);
  return new Map([...cylinders, ...accessories].map((r) => [String((r as Row).id), r as unknown as ItemRow]));
}

/** The receiving store's item that is the same goods: same brand, size and valve; or same kind and name. */
async function matchingItem(tx: Tx, storeId: string, item: ItemRow): Promise<string | null> {
  const { rows } =
    item.item_type === 'cylinder'
      ? await tx.execute(sql`
          select id from cylinder_items where store_id = ${storeId}::uuid and brand_id = ${item.brand_id}::uuid
            and size::text = ${item.size} and regulator_type = ${item.regulator_type} limit 1`)
      : await tx.execute(sql`
          select id from accessory_items where store_id = ${storeId}::uuid and kind = ${item.item_type}
            and lower(btrim(name)) = lower(btrim(${item.name})) limit 1`);
  return rows[0] ? String((rows[0] as Row).id) : null;
}

/** The store's name and the caller's role there, read in its scope; null when not a member (or gone). */
async function membershipIn(tx: Tx, storeId: string, userId: string) {
  const { rows } = await tx.execute(sql`
    select s.name, m.role from stores s join memberships m on m.store_id = s.id and m.user_id = ${userId}::uuid
    where s.id = ${storeId}::uuid and s.deleted_at is null`);
  const r = rows[0] as Row | undefined;
  return r ? { name: String(r.name), role: String(r.role) } : null;
}

const countsOf = (l: { fullCount?: number; emptyCount?: number; problemCount?: number; stockCount?: number }): TransferCounts => ({
  full: l.fullCount ?? 0,
  empty: l.emptyCount ?? 0,
  problem: l.problemCount ?? 0,
  stock: l.stockCount ?? 0,
});

/** Sends stock to another of the caller's stores; returns the new transfer's id. */
export async function sendTransfer(tx: Tx, actor: TransferActor, body: SendTransferBody): Promise<string> {
  if (body.toStoreId === actor.storeId) throw sameStoreTransfer();
  if (!isUuid(body.toStoreId)) throw notFound({ message: 'Store not found', code: 'store.notFound' });

  // One line per item: the same item twice is its counts added up, in the first line's place.
  const lines = new Map<string, { itemType: SaleItemType; itemId: string; counts: TransferCounts; index: number }>();
  body.lines.forEach((l, index) => {
    const before = lines.get(l.itemId);
    const c = countsOf(l);
    if (!before) lines.set(l.itemId, { itemType: l.itemType, itemId: l.itemId, counts: c, index });
    else for (const k of ['full', 'empty', 'problem', 'stock'] as const) before.counts[k] += c[k];
  });
  for (const l of lines.values()) checkTransferLine(l.index, l.itemType, l.counts);

  const items = await lockItems(tx, actor.storeId, [...lines.keys()].sort());
  for (const l of lines.values()) {
    const item = items.get(l.itemId);
    if (!item || item.item_type !== l.itemType) {
      throw notFound({ message: 'Item not found', code: 'item.notFound' }, [{ field: `lines.${l.index}.itemId`, message: 'Item not found' }]);
    }
    const have: TransferCounts = { full: num(item.full_count), empty: num(item.empty_count), problem: num(item.problem_count), stock: num(item.stock_count) };
    for (const kind of ['full', 'empty', 'problem', 'stock'] as const) {
      if (l.counts[kind] > have[kind]) throw notEnoughToSend({ index: l.index, itemName: item.name, kind, available: have[kind], asked: l.counts[kind] });
    }
  }

  // The receiving store: the caller must be manager or up there, and it must sell the same goods.
  const matched = new Map<string, string>();
  let toName = '';
  await inStoreScope(tx, body.toStoreId);
  try {
    const there = await membershipIn(tx, body.toStoreId, actor.userId);
    if (!there) throw notFound({ message: 'Store not found', code: 'store.notFound' });
    if (!roleAtLeast(there.role as never, 'manager')) throw transferNeedsManagerThere(there.name, there.role);
    toName = there.name;
    for (const l of lines.values()) {
      const match = await matchingItem(tx, body.toStoreId, items.get(l.itemId)!);
      if (!match) throw noMatchingItem(l.index, items.get(l.itemId)!.name, there.name);
      matched.set(l.itemId, match);
    }
  } finally {
    await inStoreScope(tx, actor.storeId);
  }

  // The store's next number, one sender at a time.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('store_transfers:' || ${actor.storeId}))`);
  const { rows: next } = await tx.execute(sql`
    select coalesce(max(number), 0) + 1 as n from store_transfers where store_id = ${actor.storeId}::uuid`);
  const number = num((next[0] as Row).n);
  const { rows: created } = await tx.execute(sql`
    insert into store_transfers (store_id, number, to_store_id, note, sent_by)
    values (${actor.storeId}::uuid, ${number}::int, ${body.toStoreId}::uuid, ${body.note ?? null}::text, ${actor.userId}::uuid)
    returning id`);
  const transferId = String((created[0] as Row).id);
  const words = `${transferNumber(number)} to ${toName}`;

  let lineNo = 0;
  for (const l of [...lines.values()].sort((a, b) => a.index - b.index)) {
    const item = items.get(l.itemId)!;
    const c = l.counts;
    const cost = costOrNull(item.cost);
    await tx.execute(sql`
      insert into store_transfer_lines (store_id, transfer_id, line_no, to_store_id, item_type, item_id, to_item_id,
        full_sent, empty_sent, problem_sent, stock_sent, unit_cost, package_cost)
      values (${actor.storeId}::uuid, ${transferId}::uuid, ${lineNo}::int, ${body.toStoreId}::uuid, ${l.itemType}, ${l.itemId}::uuid,
        ${matched.get(l.itemId)!}::uuid, ${c.full}::int, ${c.empty}::int, ${c.problem}::int, ${c.stock}::int,
        ${money(cost)}::numeric, ${money(costOrNull(item.package_cost))}::numeric)`);
    await moveStock(tx, actor, { kind: 'transfer_out', itemType: l.itemType, itemId: l.itemId, counts: c, cost, transferId, note: words });
    lineNo += 1;
  }
  return transferId;
}

/** Changes the item's counts by a transfer step and writes its ledger entry, in the current scope. */
async function moveStock(
  tx: Tx,
  actor: TransferActor,
  m: { kind: 'transfer_out' | 'transfer_in' | 'transfer_back'; itemType: SaleItemType; itemId: string; counts: TransferCounts; cost: Poisha | null; transferId: string; note: string },
) {
  const d = m.kind === 'transfer_out' ? transferOutDeltas(m.counts) : m.kind === 'transfer_in' ? transferInDeltas(m.counts) : transferBackDeltas(m.counts);
  const update =
    m.itemType === 'cylinder'
      ? sql`update cylinder_items set full_count = full_count + ${d.full}::int, empty_count = empty_count + ${d.empty}::int,
            problem_count = problem_count + ${d.problem}::int where store_id = ${actor.storeId}::uuid and id = ${m.itemId}::uuid`
      : sql`update accessory_items set stock_count = stock_count + ${d.stock}::int, problem_count = problem_count + ${d.problem}::int
            where store_id = ${actor.storeId}::uuid and id = ${m.itemId}::uuid`;
  await tx.execute(update);
  const quantity = m.counts.full + m.counts.empty + m.counts.problem + m.counts.stock;
  const value = transferValue(m.itemType, m.counts, m.cost);
  await tx.execute(sql`
    insert into ledger_entries (store_id, user_id, kind, item_type, item_id, quantity, ${DELTA_COLUMNS},
      unit_cost, total_amount, transfer_id, note, idempotency_key)
    values (${actor.storeId}::uuid, ${actor.userId}::uuid, ${m.kind}, ${m.itemType}, ${m.itemId}::uuid, ${quantity}::int, ${deltaValues(d)},
      ${money(m.cost)}::numeric, ${numericText(value)}::numeric, ${m.transferId}::uuid, ${m.note}::text, ${actor.idempotencyKey}::text)`);
}

interface TransferHead {
  store_id: string;
  id: string;
  number: number;
  to_store_id: string;
  status: 'sent' | 'received' | 'cancelled';
}

interface LineRow {
  line_no: number;
  item_type: SaleItemType;
  item_id: string;
  to_item_id: string;
  full_sent: number;
  empty_sent: number;
  problem_sent: number;
  stock_sent: number;
  unit_cost: string | null;
  package_cost: string | null;
}

/** The transfer as the asking store may touch it (`as`: sending it, or receiving it), locked. */
async function lockTransfer(tx: Tx, storeId: string, transferId: string, as: 'sender' | 'receiver'): Promise<TransferHead> {
  if (!isUuid(transferId)) throw transferNotFound();
  const { rows } = await tx.execute(sql`
    select store_id, id, number, to_store_id, status from store_transfers
    where id = ${transferId}::uuid and ${as === 'sender' ? sql`store_id` : sql`to_store_id`} = ${storeId}::uuid
    for update`);
  const head = rows[0] as unknown as TransferHead | undefined;
  if (!head) throw transferNotFound();
  if (head.status !== 'sent') throw transferNotInTransit(transferNumber(num(head.number)), head.status);
  return head;
}

async function transferLines(tx: Tx, head: TransferHead): Promise<LineRow[]> {
  const { rows } = await tx.execute(sql`
    select line_no, item_type, item_id, to_item_id, full_sent, empty_sent, problem_sent, stock_sent, unit_cost, package_cost
    from store_transfer_lines where store_id = ${head.store_id}::uuid and transfer_id = ${head.id}::uuid order by line_no`);
  return rows as unknown as LineRow[];
}

const sentOf = (l: LineRow): TransferCounts => ({ full: num(l.full_sent), empty: num(l.empty_sent), problem: num(l.problem_sent), stock: num(l.stock_sent) });
const totalOf = (c: TransferCounts) => c.full + c.empty + c.problem + c.stock;

/** Receives a transfer at the receiving store (`actor.storeId`): what arrived comes in; the rest is lost in transit. */
export async function receiveTransfer(tx: Tx, actor: TransferActor, transferId: string, body: ReceiveTransferBody) {
  const head = await lockTransfer(tx, actor.storeId, transferId, 'receiver');
  const lines = await transferLines(tx, head);
  const note = body.note ?? null;
  const arrived = checkReceived(
    lines.map((l) => ({ lineNo: num(l.line_no), sent: sentOf(l) })),
    (body.lines ?? []).map((r) => ({ lineNo: r.lineNo, counts: countsOf(r) })),
    note,
  );
  const number = transferNumber(num(head.number));
  const fromName = await storeName(tx, head.store_id, actor.storeId);
  const items = await lockItems(tx, actor.storeId, lines.map((l) => String(l.to_item_id)).sort());
  for (const l of lines) {
    const got = arrived.get(num(l.line_no))!;
    await tx.execute(sql`
      update store_transfer_lines set full_received = ${got.full}::int, empty_received = ${got.empty}::int,
        problem_received = ${got.problem}::int, stock_received = ${got.stock}::int
      where store_id = ${head.store_id}::uuid and transfer_id = ${head.id}::uuid and line_no = ${num(l.line_no)}::int`);
    if (totalOf(got) === 0) continue;
    const item = items.get(String(l.to_item_id));
    if (!item) throw notFound({ message: 'Item not found', code: 'item.notFound' });
    // The receiver's averages move by weighted average at the sender's cost (rule 2's rule).
    const cost = costOrNull(l.unit_cost);
    const costed = l.item_type === 'cylinder' ? got.full + got.problem : got.stock;
    if (cost !== null && costed > 0) {
      const units = l.item_type === 'cylinder' ? num(item.full_count) : num(item.stock_count);
      const refill = weightedAverageCost({ cost: costOrNull(item.cost), units }, { cost, quantity: costed });
      const packageCost = costOrNull(l.package_cost);
      const pkg = packageCost === null ? costOrNull(item.package_cost) : weightedAverageCost({ cost: costOrNull(item.package_cost), units }, { cost: packageCost, quantity: costed });
      await tx.execute(
        l.item_type === 'cylinder'
          ? sql`update cylinder_items set refill_cost = ${money(refill)}::numeric, package_cost = ${money(pkg)}::numeric
              where store_id = ${actor.storeId}::uuid and id = ${item.id}::uuid`
          : sql`update accessory_items set cost = ${money(refill)}::numeric where store_id = ${actor.storeId}::uuid and id = ${item.id}::uuid`,
      );
    }
    await moveStock(tx, actor, {
      kind: 'transfer_in',
      itemType: l.item_type,
      itemId: item.id,
      counts: got,
      cost,
      transferId: head.id,
      note: `${number} from ${fromName}`,
    });
  }
  await tx.execute(sql`
    update store_transfers set status = 'received', closed_by = ${actor.userId}::uuid, closed_at = app_now(), lost_note = ${note}::text
    where store_id = ${head.store_id}::uuid and id = ${head.id}::uuid`);

  // What did not arrive is the sender's loss, written in the sender's ledger.
  const lost = lines
    .map((l) => ({ line: l, counts: transferLost(sentOf(l), arrived.get(num(l.line_no))!) }))
    .filter((x) => totalOf(x.counts) > 0);
  if (lost.length > 0) {
    await inStoreScope(tx, head.store_id);
    try {
      for (const { line, counts } of lost) {
        const cost = costOrNull(line.unit_cost);
        await tx.execute(sql`
          insert into ledger_entries (store_id, user_id, kind, item_type, item_id, quantity, unit_cost, total_amount,
            transfer_id, note, idempotency_key)
          values (${head.store_id}::uuid, ${actor.userId}::uuid, 'transfer_lost', ${line.item_type}, ${line.item_id}::uuid,
            ${totalOf(counts)}::int, ${money(cost)}::numeric, ${numericText(transferValue(line.item_type, counts, cost))}::numeric,
            ${head.id}::uuid, ${`${number}: ${note ?? ''}`}::text, ${actor.idempotencyKey}::text)`);
      }
    } finally {
      await inStoreScope(tx, actor.storeId);
    }
  }
  return head.id;
}

/** Cancels a transfer not yet received, at the sending store: the stock goes back. */
export async function cancelTransfer(tx: Tx, actor: TransferActor, transferId: string) {
  const head = await lockTransfer(tx, actor.storeId, transferId, 'sender');
  const lines = await transferLines(tx, head);
  await lockItems(tx, actor.storeId, lines.map((l) => String(l.item_id)).sort());
  const number = transferNumber(num(head.number));
  for (const l of lines) {
    await moveStock(tx, actor, {
      kind: 'transfer_back',
      itemType: l.item_type,
      itemId: String(l.item_id),
      counts: sentOf(l),
      cost: costOrNull(l.unit_cost),
      transferId: head.id,
      note: `${number} cancelled`,
    });
  }
  await tx.execute(sql`
    update store_transfers set status = 'cancelled', closed_by = ${actor.userId}::uuid, closed_at = app_now()
    where store_id = ${actor.storeId}::uuid and id = ${head.id}::uuid`);
  return head.id;
}

/** Another store's name, read in its scope; the request's scope (`back`) is restored. */
async function storeName(tx: Tx, storeId: string, back: string): Promise<string> {
  return (await storeNames(tx, [storeId], back)).get(storeId) ?? '';
}

async function storeNames(tx: Tx, ids: string[], back: string): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  try {
    for (const id of new Set(ids)) {
      await inStoreScope(tx, id);
      const { rows } = await tx.execute(sql`select name from stores where id = ${id}::uuid`);
      names.set(id, rows[0] ? String((rows[0] as Row).name) : '');
    }
  } finally {
    await inStoreScope(tx, back);
  }
  return names;
}

const counts = (full: unknown, empty: unknown, problem: unknown, stock: unknown) => ({
  fullCount: num(full),
  emptyCount: num(empty),
  problemCount: num(problem),
  stockCount: num(stock),
});

const personName = (alias: string) =>
  sql.raw(`coalesce(nullif(btrim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), ''), ${alias}.username)`);

/** The store's transfers, both ways (newest first), or one of them; read inside a transaction. */
export async function listTransfers(
  tx: Tx,
  storeId: string,
  filter: { status?: 'sent' | 'received' | 'cancelled'; direction?: 'out' | 'in'; id?: string } = {},
): Promise<Transfer[]> {
  const side =
    filter.direction === 'out' ? sql`t.store_id = ${storeId}::uuid` : filter.direction === 'in' ? sql`t.to_store_id = ${storeId}::uuid` : sql`(t.store_id = ${storeId}::uuid or t.to_store_id = ${storeId}::uuid)`;
  const { rows: heads } = await tx.execute(sql`
    select t.store_id, t.id, t.number, t.to_store_id, t.status, t.note, t.lost_note, t.sent_at, t.closed_at,
      ${personName('s')} as sent_by, ${personName('c')} as closed_by
    from store_transfers t
    left join users s on s.id = t.sent_by
    left join users c on c.id = t.closed_by
    where ${side}
      ${filter.status ? sql`and t.status = ${filter.status}` : sql``}
      ${filter.id ? sql`and t.id = ${filter.id}::uuid` : sql``}
    order by (t.status = 'sent') desc, t.sent_at desc, t.number desc
    limit 200`);
  if (heads.length === 0) return [];
  const ids = sql.join(
    heads.map((h) => sql`${String((h as Row).id)}::uuid`),
    sql`, `,
  );
  // Item names in the asking store's own items: the sender's for its lines, the receiver's for its.
  const { rows: lineRows } = await tx.execute(sql`
    select tl.transfer_id, tl.line_no, tl.item_type,
      case when tl.store_id = ${storeId}::uuid then tl.item_id else tl.to_item_id end as item_id,
      coalesce(b.name || ' ' || ci.size || ' kg ' || ci.regulator_type || ' mm', ai.name, '') as name,
      tl.full_sent, tl.empty_sent, tl.problem_sent, tl.stock_sent,
      tl.full_received, tl.empty_received, tl.problem_received, tl.stock_received, tl.unit_cost
    from store_transfer_lines tl
    left join cylinder_items ci on tl.item_type = 'cylinder' and ci.store_id = ${storeId}::uuid
      and ci.id = case when tl.store_id = ${storeId}::uuid then tl.item_id else tl.to_item_id end
    left join brands b on b.id = ci.brand_id
    left join accessory_items ai on tl.item_type <> 'cylinder' and ai.store_id = ${storeId}::uuid
      and ai.id = case when tl.store_id = ${storeId}::uuid then tl.item_id else tl.to_item_id end
    where tl.transfer_id in (${ids}) and (tl.store_id = ${storeId}::uuid or tl.to_store_id = ${storeId}::uuid)
    order by tl.transfer_id, tl.line_no`);
  const others = heads.map((h) => String((h as Row).store_id === storeId ? (h as Row).to_store_id : (h as Row).store_id));
  const names = await storeNames(tx, [storeId, ...others], storeId);

  const linesOf = new Map<string, TransferLine[]>();
  const valueOf = new Map<string, { cost: Poisha; lost: Poisha }>();
  for (const r of lineRows as Row[]) {
    const itemType = r.item_type as SaleItemType;
    const sent = counts(r.full_sent, r.empty_sent, r.problem_sent, r.stock_sent);
    const received = r.full_received === null ? null : counts(r.full_received, r.empty_received, r.problem_received, r.stock_received);
    const lost = received
      ? counts(sent.fullCount - received.fullCount, sent.emptyCount - received.emptyCount, sent.problemCount - received.problemCount, sent.stockCount - received.stockCount)
      : null;
    const cost = costOrNull(r.unit_cost);
    const asDomain = (c: typeof sent): TransferCounts => ({ full: c.fullCount, empty: c.emptyCount, problem: c.problemCount, stock: c.stockCount });
    const id = String(r.transfer_id);
    const v = valueOf.get(id) ?? { cost: 0, lost: 0 };
    v.cost += transferValue(itemType, asDomain(sent), cost);
    if (lost) v.lost += transferValue(itemType, asDomain(lost), cost);
    valueOf.set(id, v);
    const list = linesOf.get(id) ?? [];
    list.push({ lineNo: num(r.line_no), itemType, itemId: String(r.item_id), name: String(r.name), sent, received, lost, unitCost: cost === null ? null : toTaka(cost) });
    linesOf.set(id, list);
  }
  const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
  return (heads as Row[]).map((h) => {
    const id = String(h.id);
    const from = String(h.store_id);
    const to = String(h.to_store_id);
    return {
      id,
      number: transferNumber(num(h.number)),
      direction: from === storeId ? ('out' as const) : ('in' as const),
      fromStore: { id: from, name: names.get(from) ?? '' },
      toStore: { id: to, name: names.get(to) ?? '' },
      status: h.status as Transfer['status'],
      note: (h.note as string | null) ?? null,
      lostNote: (h.lost_note as string | null) ?? null,
      sentBy: String(h.sent_by ?? ''),
      sentAt: iso(h.sent_at)!,
      closedBy: h.closed_by === null || h.closed_by === undefined ? null : String(h.closed_by),
      closedAt: iso(h.closed_at),
      lines: linesOf.get(id) ?? [],
      costValue: toTaka(valueOf.get(id)?.cost ?? 0),
      lostValue: toTaka(valueOf.get(id)?.lost ?? 0),
    };
  });
}

export async function findTransfer(tx: Tx, storeId: string, transferId: string): Promise<Transfer> {
  if (!isUuid(transferId)) throw transferNotFound();
  const [transfer] = await listTransfers(tx, storeId, { id: transferId });
  if (!transfer) throw transferNotFound();
  return transfer;
}

/** The caller's other stores where they are manager or up: where a transfer may go. */
export async function transferDestinations(tx: Tx, storeId: string, userId: string) {
  // Outside any store's scope the caller sees their own memberships (migration 0005).
  await inStoreScope(tx, null);
  try {
    const { rows } = await tx.execute(sql`
      select s.id, s.name from memberships m join stores s on s.id = m.store_id
      where m.user_id = ${userId}::uuid and s.id <> ${storeId}::uuid and s.deleted_at is null
        and m.role in ('owner', 'admin', 'manager')
      order by lower(s.name), s.id`);
    return (rows as Row[]).map((r) => ({ id: String(r.id), name: String(r.name) }));
  } finally {
    await inStoreScope(tx, storeId);
  }
}

/** Stock by location: per item the store's counts, each vehicle's, and what is in transit each way. */
export async function stockLocations(db: DbOrTx, storeId: string): Promise<StockLocationItem[]> {
  const { rows: items } = await db.execute(sql`
    select 'cylinder' as item_type, i.id, b.name || ' ' || i.size || ' kg ' || i.regulator_type || ' mm' as name,
      i.full_count, i.empty_count, i.problem_count, 0 as stock_count, lower(b.name) as k1, i.size as k2, i.regulator_type::text as k3
    from cylinder_items i join brands b on b.id = i.brand_id
    join store_brands sb on sb.store_id = i.store_id and sb.brand_id = i.brand_id
    where i.store_id = ${storeId}::uuid and (sb.is_active or i.full_count + i.empty_count + i.problem_count > 0)
    union all
    select a.kind, a.id, a.name, 0, 0, a.problem_count, a.stock_count, lower(a.name), 0, a.kind
    from accessory_items a where a.store_id = ${storeId}::uuid
    order by 1, 8, 9, 10`);
  const { rows: onVehicles } = await db.execute(sql`
    select vs.item_id, vs.vehicle_id, v.name, vs.full_count, vs.empty_count, vs.stock_count
    from vehicle_stock vs join vehicles v on v.store_id = vs.store_id and v.id = vs.vehicle_id
    where vs.store_id = ${storeId}::uuid and vs.full_count + vs.empty_count + vs.stock_count > 0
    order by lower(v.name), v.id`);
  const { rows: transit } = await db.execute(sql`
    select case when tl.store_id = ${storeId}::uuid then tl.item_id else tl.to_item_id end as item_id,
      (tl.store_id = ${storeId}::uuid) as outgoing,
      sum(tl.full_sent) as full, sum(tl.empty_sent) as empty, sum(tl.problem_sent) as problem, sum(tl.stock_sent) as stock
    from store_transfer_lines tl join store_transfers t on t.store_id = tl.store_id and t.id = tl.transfer_id
    where t.status = 'sent' and (tl.store_id = ${storeId}::uuid or tl.to_store_id = ${storeId}::uuid)
    group by 1, 2`);
  const zero = () => counts(0, 0, 0, 0);
  const byItem = new Map<string, StockLocationItem>();
  for (const r of items as Row[]) {
    byItem.set(String(r.id), {
      itemType: r.item_type as SaleItemType,
      itemId: String(r.id),
      name: String(r.name),
      store: counts(r.full_count, r.empty_count, r.problem_count, r.stock_count),
      vehicles: [],
      inTransitOut: zero(),
      inTransitIn: zero(),
    });
  }
  for (const r of onVehicles as Row[]) {
    byItem.get(String(r.item_id))?.vehicles.push({
      vehicleId: String(r.vehicle_id),
      name: String(r.name),
      fullCount: num(r.full_count),
      emptyCount: num(r.empty_count),
      stockCount: num(r.stock_count),
    });
  }
  for (const r of transit as Row[]) {
    const item = byItem.get(String(r.item_id));
    if (!item) continue;
    item[r.outgoing ? 'inTransitOut' : 'inTransitIn'] = counts(r.full, r.empty, r.problem, r.stock);
  }
  return [...byItem.values()];
}
