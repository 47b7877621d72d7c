import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { divisions, shops } from '../db/schema';
import { cylinderItemNames, enterShopOpening } from './repository';
import { demoBooksAt } from '../ledger/demo-dates';

/**
 * The demo store's opening balances (DEALER.md rule 20), after its items exist: Bhai Bhai
 * Enterprise came over from a khata book owing Tk 2,800 and an Omera empty, and a shop added
 * with the business, Nur Gas Corner, owes Tk 6,200 and three Bashundhara empties.
 */
export async function seedDemoOpenings(tx: Tx, storeId: string, userId: string) {
  const items = await cylinderItemNames(tx, storeId);
  const item = (name: string) => items.find((i) => i.name === name)?.id;
  const bashundhara = item('Bashundhara 12 kg 22 mm');
  const omera = item('Omera 12 kg 22 mm');
  const [area] = await tx
    .select({ id: divisions.id })
    .from(divisions)
    .where(and(eq(divisions.storeId, storeId), eq(divisions.name, 'Mirpur 2'), isNull(divisions.deletedAt)));
  if (!area || !bashundhara || !omera) return;
  const [nur] = await tx
    .insert(shops)
    .values({ storeId, divisionId: area.id, name: 'Nur Gas Corner', contactName: 'Nurul Islam', phone: '+8801712345678', address: 'Road 7, Mirpur 2' })
    .returning({ id: shops.id, name: shops.name });
  const [bhaiBhai] = await tx
    .select({ id: shops.id, name: shops.name })
    .from(shops)
    .where(and(eq(shops.storeId, storeId), eq(shops.name, 'Bhai Bhai Enterprise')));
  // Brought in the morning the books came over, before any sale.
  const { rows } = await tx.execute(sql`select ${demoBooksAt} as at`);
  const actor = { storeId, userId, at: new Date((rows[0] as { at: string }).at) };
  await enterShopOpening(tx, actor, nur, { due: 6200, empties: [{ itemId: bashundhara, count: 3 }] });
  if (bhaiBhai) await enterShopOpening(tx, actor, bhaiBhai, { due: 2800, empties: [{ itemId: omera, count: 1 }] });
}
