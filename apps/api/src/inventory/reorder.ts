import { sql } from 'drizzle-orm';
import type { ReorderItem, ReorderLevelBody } from '@mojud/contracts';
import { isUuid } from '@mojud/contracts';
import type { DbOrTx } from '../db/client';
import { notFound } from '../errors';

// Reorder levels and the "to order" list: items below their level, most short first.

type Row = Record<string, unknown>;
const num = (v: unknown) => Number(v ?? 0);

export async function listReorder(db: DbOrTx, storeId: string): Promise<ReorderItem[]> {
  const { rows } = await db.execute(sql`
    select 'cylinder' as item_type, c.id as item_id, b.name || ' ' || c.size || ' kg ' || c.regulator_type || ' mm' as name,
      b.name as brand_name, c.full_count as count, c.reorder_level as level
    from cylinder_items c
    join brands b on b.id = c.brand_id
    join store_brands sb on sb.store_id = c.store_id and sb.brand_id = c.brand_id and sb.is_active
    where c.store_id = ${storeId}::uuid and c.reorder_level is not null and c.full_count < c.reorder_level
    union all
    select a.kind, a.id, a.name, null, a.stock_count, a.reorder_level
    from accessory_items a
    where a.store_id = ${storeId}::uuid and a.reorder_level is not null and a.stock_count < a.reorder_level
    `);
  return (rows as Row[])
    .map((r) => ({
      itemType: r.item_type as ReorderItem['itemType'],
      itemId: String(r.item_id),
      name: String(r.name),
      brandName: (r.brand_name as string) ?? null,
      count: num(r.count),
      level: num(r.level),
      shortBy: num(r.level) - num(r.count),
    }))
    .sort((a, b) => b.shortBy - a.shortBy || a.name.localeCompare(b.name));
}


/** Sets (or, with null, clears) an item's reorder level; 404 for an item not of this store. */
export async function setReorderLevel(db: DbOrTx, storeId: string, body: ReorderLevelBody) {
  const level = body.level ?? null;
  if (!isUuid(body.itemId)) throw notFound({ message: 'Item not found', code: 'item.notFound' });
  const { rows } =
    body.itemType === 'cylinder'
      ? await db.execute(sql`
          update cylinder_items set reorder_level = ${level}::int
          where store_id = ${storeId}::uuid and id = ${body.itemId}::uuid returning id`)
      : await db.execute(sql`
          update accessory_items set reorder_level = ${level}::int
          where store_id = ${storeId}::uuid and id = ${body.itemId}::uuid and kind = ${body.itemType} returning id`);
  if (rows.length === 0) throw notFound({ message: 'Item not found', code: 'item.notFound' });
  return { itemType: body.itemType, itemId: body.itemId, level };
}
