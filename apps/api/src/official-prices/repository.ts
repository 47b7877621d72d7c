import { sql, type SQL } from 'drizzle-orm';
import type { AboveOfficialRow, OfficialPriceBody, OfficialPriceEntry, OfficialPricePolicy } from '@mojud/contracts';
import { dhakaInstant, saleNumber, takaNumeric, toPoisha, type OfficialPriceEntry as BookEntry } from '@mojud/domain';
import type { DbOrTx } from '../db/client';
import { TIME_ZONE } from '../ledger/repository';

// The official BERC price book (DEALER.md rule 13): its entries (never changed), the store's
// choice on refills above it, and the sale lines sold above it. Which entry is in force and what
// is above it are the domain's rules (libs/domain/src/official-price.ts).

type Row = Record<string, unknown>;

const ENTRY_COLUMNS = sql`
  o.id, o.starts_at, to_char(o.starts_at at time zone ${TIME_ZONE}, 'YYYY-MM-DD HH24:MI') as local_start,
  o.per_kg, o.twelve_kg, o.created_at,
  coalesce(nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username) as entered_by,
  (select coalesce(json_agg(json_build_object('size', s.size, 'price', s.price) order by s.size), '[]'::json)
     from official_price_sizes s where s.store_id = o.store_id and s.official_price_id = o.id) as prices`;

const toEntry = (r: Row): OfficialPriceEntry => ({
  id: String(r.id),
  startsAt: new Date(r.starts_at as string).toISOString(),
  localStart: String(r.local_start),
  perKg: Number(r.per_kg),
  twelveKg: Number(r.twelve_kg),
  prices: (r.prices as { size: number; price: string | number }[]).map((p) => ({ size: Number(p.size), price: Number(p.price) })),
  enteredBy: String(r.entered_by),
  createdAt: new Date(r.created_at as string).toISOString(),
});

/** Every entry of the store's book, oldest start first (of the same start, the earlier entered first). */
export async function listOfficialPrices(db: DbOrTx, storeId: string): Promise<OfficialPriceEntry[]> {
  const { rows } = await db.execute(sql`
    select ${ENTRY_COLUMNS} from official_prices o join users u on u.id = o.user_id
    where o.store_id = ${storeId}::uuid order by o.starts_at, o.seq`);
  return (rows as Row[]).map(toEntry);
}

/**
 * What a sale needs of rule 13 in one read: the entry in force at `at` (an SQL instant: a sale's
 * own time), as the domain reads it, or null (the latest start at or before it; of two with the
 * same start, the later entered), and the store's choice on refills above it.
 */
export async function officialRuleAt(db: DbOrTx, storeId: string, at: SQL): Promise<{ entry: BookEntry | null; policy: OfficialPricePolicy }> {
  const { rows } = await db.execute(sql`
    select st.official_price_policy as policy, o.starts_at,
      (select coalesce(json_agg(json_build_object('size', s.size, 'price', s.price)), '[]'::json)
         from official_price_sizes s where s.store_id = st.id and s.official_price_id = o.id) as prices
    from stores st
    left join lateral (
      select o.id, o.starts_at from official_prices o
      where o.store_id = st.id and o.starts_at <= ${at}
      order by o.starts_at desc, o.seq desc limit 1) o on true
    where st.id = ${storeId}::uuid`);
  const r = rows[0] as Row | undefined;
  const policy = (r?.policy as OfficialPricePolicy | undefined) ?? 'warn';
  if (!r || r.starts_at === null || r.starts_at === undefined) return { entry: null, policy };
  return {
    entry: {
      startsAt: new Date(r.starts_at as string).toISOString(),
      prices: (r.prices as { size: number; price: string | number }[]).map((p) => ({ size: Number(p.size), price: toPoisha(p.price) })),
    },
    policy,
  };
}

/** A new entry with its sizes' prices; returns it as read back. */
export async function addOfficialPrice(tx: DbOrTx, storeId: string, userId: string, body: OfficialPriceBody & { time: string }) {
  const startsAt = dhakaInstant(body.date, body.time);
  const { rows } = await tx.execute(sql`
    insert into official_prices (store_id, starts_at, per_kg, twelve_kg, user_id)
    values (${storeId}::uuid, ${startsAt}::timestamptz, ${takaNumeric(body.perKg)}::numeric, ${takaNumeric(body.twelveKg)}::numeric, ${userId}::uuid)
    returning id`);
  const id = String((rows[0] as Row).id);
  for (const p of body.prices) {
    await tx.execute(sql`
      insert into official_price_sizes (store_id, official_price_id, size, price)
      values (${storeId}::uuid, ${id}::uuid, ${p.size}::int, ${takaNumeric(p.price)}::numeric)`);
  }
  const { rows: read } = await tx.execute(sql`
    select ${ENTRY_COLUMNS} from official_prices o join users u on u.id = o.user_id
    where o.store_id = ${storeId}::uuid and o.id = ${id}::uuid`);
  return toEntry(read[0] as Row);
}

/** The store's cylinder sizes (kg), ascending: the sizes its book prices. */
export async function cylinderSizes(db: DbOrTx, storeId: string): Promise<number[]> {
  const { rows } = await db.execute(sql`select distinct size from cylinder_items where store_id = ${storeId}::uuid order by size`);
  return (rows as Row[]).map((r) => Number(r.size));
}

export async function readOfficialPolicy(db: DbOrTx, storeId: string): Promise<OfficialPricePolicy> {
  const { rows } = await db.execute(sql`select official_price_policy from stores where id = ${storeId}::uuid`);
  return ((rows[0] as Row | undefined)?.official_price_policy as OfficialPricePolicy | undefined) ?? 'warn';
}

export async function writeOfficialPolicy(db: DbOrTx, storeId: string, policy: OfficialPricePolicy) {
  await db.execute(sql`update stores set official_price_policy = ${policy} where id = ${storeId}::uuid`);
  return readOfficialPolicy(db, storeId);
}

/**
 * The month's sale lines sold above the official price in force when sold (the price each line
 * recorded), oldest first; voided sales left out.
 */
export async function aboveOfficialReport(db: DbOrTx, storeId: string, month: string): Promise<AboveOfficialRow[]> {
  const from = sql`(${`${month}-01`}::date::timestamp at time zone ${TIME_ZONE})`;
  const to = sql`((${`${month}-01`}::date + interval '1 month')::timestamp at time zone ${TIME_ZONE})`;
  const { rows } = await db.execute(sql`
    select s.id as sale_id, s.number, l.created_at,
      to_char(l.created_at at time zone ${TIME_ZONE}, 'YYYY-MM-DD HH24:MI') as local_time,
      b.name || ' ' || ci.size || ' kg ' || ci.regulator_type || ' mm' as item_name,
      l.quantity, l.unit_price, l.official_price, l.above_official_reason,
      coalesce(nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username) as seller_name
    from ledger_entries l
    join sales s on s.store_id = l.store_id and s.id = l.sale_id
    join cylinder_items ci on ci.id = l.item_id
    join brands b on b.id = ci.brand_id
    join users u on u.id = l.user_id
    where l.store_id = ${storeId}::uuid and l.kind = 'sell' and l.official_price is not null
      and l.unit_price > l.official_price and s.voided_at is null
      and l.created_at >= ${from} and l.created_at < ${to}
    order by l.created_at, s.number, l.line_no`);
  return (rows as Row[]).map((r) => ({
    saleId: String(r.sale_id),
    number: saleNumber(Number(r.number)),
    createdAt: new Date(r.created_at as string).toISOString(),
    localTime: String(r.local_time),
    itemName: String(r.item_name),
    quantity: Number(r.quantity),
    unitPrice: Number(r.unit_price),
    officialPrice: Number(r.official_price),
    reason: (r.above_official_reason as string) ?? null,
    sellerName: String(r.seller_name),
  }));
}
