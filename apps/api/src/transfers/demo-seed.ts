import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { brands, cylinderItems } from '../db/schema';
import { createStore } from '../stores/repository';
import { receiveTransfer, sendTransfer } from './repository';

/**
 * The demo's second store (DEALER.md rule 21): a retail point in Uttara started from the main
 * store (brands, prices, levels; no shops), which received 10 Bashundhara 12 kg 22 mm full and
 * 10 empty with one full lost on the way, and has 5 Omera full and 5 empty coming now, so the
 * transfers page, stock by location and the all-stores view have something to show.
 */
export async function seedDemoTransfers(tx: Tx, storeId: string, ownerId: string) {
  const point = await createStore(tx, ownerId, {
    name: 'Rahim Gas Uttara Point',
    location: 'Sector 7, Uttara, Dhaka',
    phone: '01711000001',
    copyFrom: { storeId, shops: false },
  });
  const itemOf = async (brand: string) => {
    const [row] = await tx
      .select({ id: cylinderItems.id })
      .from(cylinderItems)
      .innerJoin(brands, eq(brands.id, cylinderItems.brandId))
      .where(and(eq(cylinderItems.storeId, storeId), eq(brands.name, brand), eq(cylinderItems.size, 12), eq(cylinderItems.regulatorType, 22)));
    return row.id;
  };
  const from = { storeId, userId: ownerId, idempotencyKey: null };
  const first = await sendTransfer(tx, from, {
    toStoreId: point.id,
    lines: [{ itemType: 'cylinder', itemId: await itemOf('Bashundhara'), fullCount: 10, emptyCount: 10 }],
    note: 'Opening stock for Uttara',
  });
  await receiveTransfer(tx, { storeId: point.id, userId: ownerId, idempotencyKey: null }, first, {
    lines: [{ lineNo: 0, fullCount: 9, emptyCount: 10 }],
    note: 'One cylinder leaking on arrival, sent back to the company',
  });
  await sendTransfer(tx, from, {
    toStoreId: point.id,
    lines: [{ itemType: 'cylinder', itemId: await itemOf('Omera'), fullCount: 5, emptyCount: 5 }],
    note: 'For the weekend',
  });
}
