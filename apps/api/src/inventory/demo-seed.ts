import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { brands, cylinderItems } from '../db/schema';
import { createAccessory, recordStockCount, setAccessoryPrice, setBrands, setCylinderPrice, trade, type Actor } from './repository';

const PRICES: Record<number, number> = { 5: 650, 12: 1450, 20: 2600 };

/**
 * The demo store's stock: four brands on, opening counts entered as stock counts, a few sales,
 * stoves and regulators. Everything goes through the repository so the ledger adds up.
 */
export async function seedDemoInventory(tx: Tx, storeId: string, userId: string) {
  const actor: Actor = { storeId, userId };
  const picked = await tx
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(inArray(brands.name, ['Bashundhara', 'Omera', 'Jamuna', 'TotalEnergies']));
  await setBrands(tx, storeId, picked.map((b) => ({ id: b.id, isActive: true })));
  const items = await tx
    .select()
    .from(cylinderItems)
    .where(and(eq(cylinderItems.storeId, storeId), inArray(cylinderItems.brandId, picked.map((b) => b.id))));
  for (const [i, item] of items.entries()) {
    await setCylinderPrice(tx, actor, item.id, PRICES[item.size] + (i % 4) * 10);
    // A spread of levels so every status shows: plenty, low and none.
    const full = [35, 18, 0, 42, 7, 25][i % 6];
    await recordStockCount(tx, actor, { itemId: item.id, fullCount: full, emptyCount: 12 + (i % 5), note: 'Opening stock' });
    if (full >= 10) {
      await trade(tx, actor, { type: 'cylinder' }, 'sell', { id: item.id, quantity: 3, paymentMethod: 'cash', tradeType: 'refill' });
    }
  }
  for (const [kind, name, price, count] of [
    ['stove', 'Single Burner', 1800, 14],
    ['stove', 'Double Burner', 3200, 9],
    ['stove', 'Auto Ignition Double Burner', 5200, 0],
    ['regulator', 'Standard 22 mm', 450, 30],
    ['regulator', 'Standard 20 mm', 420, 16],
  ] as const) {
    const item = await createAccessory(tx, storeId, kind, { name, price: 0 });
    await setAccessoryPrice(tx, actor, kind, item.id, price);
    await recordStockCount(tx, actor, { itemId: item.id, stockCount: count, note: 'Opening stock' });
  }
}
