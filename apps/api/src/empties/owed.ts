import { sql } from 'drizzle-orm';
import type { EmptiesCount } from '@mojud/contracts';
import type { DbOrTx } from '../db/client';

/**
 * Empties each shop owes, per cylinder item (DEALER.md rule 9): the sum of its ledger
 * `empties_owed_delta`s, never stored, so it cannot drift from what happened. `shopIds` limits it
 * to those shops; `upToEntryId` reads it as it stood right after that entry (a receipt).
 */
export async function emptiesOwedByShop(db: DbOrTx, storeId: string, shopIds?: string[] | null, upToEntryId?: number) {
  const { rows } = await db.execute(sql`
    select l.shop_id, l.item_id, b.name as brand_name, ci.size, ci.regulator_type, sum(l.empties_owed_delta)::int as count
    from ledger_entries l
    join cylinder_items ci on ci.store_id = l.store_id and ci.id = l.item_id
    join brands b on b.id = ci.brand_id
    where l.store_id = ${storeId}::uuid and l.empties_owed_delta <> 0
      ${shopIds ? sql`and l.shop_id = any(${`{${shopIds.join(',')}}`}::uuid[])` : sql``}
      ${upToEntryId === undefined ? sql`` : sql`and l.id <= ${upToEntryId}`}
    group by l.shop_id, l.item_id, b.name, ci.size, ci.regulator_type
    having sum(l.empties_owed_delta) <> 0
    order by lower(b.name), ci.size, ci.regulator_type`);
  const byShop = new Map<string, EmptiesCount[]>();
  for (const r of rows as Record<string, unknown>[]) {
    const shopId = String(r.shop_id);
    const list = byShop.get(shopId) ?? [];
    list.push({
      itemId: String(r.item_id),
      itemName: `${r.brand_name} ${r.size} kg ${r.regulator_type} mm`,
      brandName: String(r.brand_name),
      size: Number(r.size),
      regulatorType: Number(r.regulator_type),
      count: Number(r.count),
    });
    byShop.set(shopId, list);
  }
  return byShop;
}
