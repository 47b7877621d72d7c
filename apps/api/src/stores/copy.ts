import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Role } from '@mojud/contracts';
import type { DbOrTx, Tx } from '../db/client';
import {
  accessoryItems,
  cylinderItems,
  divisions,
  memberships,
  messageSettings,
  officialPrices,
  officialPriceSizes,
  shops,
  storeBrands,
  storeCylinderSizes,
  stores,
} from '../db/schema';
import { inStoreScope } from '../db/scope';
import { forbidden, notFound } from '../errors';
import { roleAtLeast } from '../plugins/access';
import { cylinderSizesOf, makeCylinderItems } from '../inventory/repository';

// A second store from the first (docs/decisions.md): what a dealer set up once (brands, prices,
// the price book, levels, sizes, message settings, areas and, if asked, the customer shops) is
// copied into a new store in the transaction that creates it. Nothing that counts or owes is:
// no stock, no costs, no ledger entries, so every shop starts with no due and no empties owed.

/**
 * The store to copy from, if the caller may copy it: a manager or above there. A store they are
 * not a member of is not found, as on every route; a staff member is told why not.
 */
export async function copySource(db: DbOrTx, userId: string, storeId: string) {
  // Outside any store's scope the caller sees only their own memberships (migration 0005).
  const [row] = await db
    .select({ role: memberships.role, officialPricePolicy: stores.officialPricePolicy })
    .from(memberships)
    .innerJoin(stores, eq(stores.id, memberships.storeId))
    .where(and(eq(memberships.storeId, storeId), eq(memberships.userId, userId), isNull(stores.deletedAt)))
    .limit(1);
  if (!row) throw notFound({ message: 'Store not found', code: 'store.notFound' });
  if (!roleAtLeast(row.role, 'manager')) {
    throw forbidden({
      message: `Only a manager or above of a store can start a new store from it; your role there is ${row.role}`,
      code: 'store.copyNeedsManager',
      params: { role: row.role },
    });
  }
  return { storeId, role: row.role as Role, officialPricePolicy: row.officialPricePolicy };
}

/** Reads what is copied, in the source store's scope. */
async function readSource(tx: Tx, from: string, withShops: boolean) {
  const activeBrands = (
    await tx
      .select({ brandId: storeBrands.brandId })
      .from(storeBrands)
      .where(and(eq(storeBrands.storeId, from), eq(storeBrands.isActive, true)))
  ).map((b) => b.brandId);
  const addedSizes = (await tx.select({ size: storeCylinderSizes.size }).from(storeCylinderSizes).where(eq(storeCylinderSizes.storeId, from))).map(
    (s) => s.size,
  );
  const cylinders =
    activeBrands.length === 0
      ? []
      : await tx
          .select({
            brandId: cylinderItems.brandId,
            size: cylinderItems.size,
            regulatorType: cylinderItems.regulatorType,
            price: cylinderItems.price,
            wholesalePrice: cylinderItems.wholesalePrice,
            packagePrice: cylinderItems.packagePrice,
            packageWholesalePrice: cylinderItems.packageWholesalePrice,
            reorderLevel: cylinderItems.reorderLevel,
          })
          .from(cylinderItems)
          .where(and(eq(cylinderItems.storeId, from), inArray(cylinderItems.brandId, activeBrands)));
  const accessories = await tx
    .select({
      kind: accessoryItems.kind,
      name: accessoryItems.name,
      price: accessoryItems.price,
      wholesalePrice: accessoryItems.wholesalePrice,
      reorderLevel: accessoryItems.reorderLevel,
    })
    .from(accessoryItems)
    .where(eq(accessoryItems.storeId, from))
    .orderBy(asc(accessoryItems.createdAt));
  const book = await tx
    .select({
      id: officialPrices.id,
      startsAt: officialPrices.startsAt,
      perKg: officialPrices.perKg,
      twelveKg: officialPrices.twelveKg,
      userId: officialPrices.userId,
    })
    .from(officialPrices)
    .where(eq(officialPrices.storeId, from))
    .orderBy(asc(officialPrices.seq));
  const bookSizes = await tx
    .select({ officialPriceId: officialPriceSizes.officialPriceId, size: officialPriceSizes.size, price: officialPriceSizes.price })
    .from(officialPriceSizes)
    .where(eq(officialPriceSizes.storeId, from));
  const [settings] = await tx.select().from(messageSettings).where(eq(messageSettings.storeId, from)).limit(1);
  const areas = await tx
    .select({ id: divisions.id, name: divisions.name })
    .from(divisions)
    .where(and(eq(divisions.storeId, from), isNull(divisions.deletedAt)))
    .orderBy(asc(divisions.createdAt));
  const customers = withShops
    ? await tx
        .select({
          divisionId: shops.divisionId,
          name: shops.name,
          contactName: shops.contactName,
          phone: shops.phone,
          address: shops.address,
          priceTier: shops.priceTier,
          language: shops.language,
        })
        .from(shops)
        .where(and(eq(shops.storeId, from), isNull(shops.deletedAt)))
        .orderBy(asc(shops.createdAt))
    : [];
  return { activeBrands, addedSizes, cylinders, accessories, book, bookSizes, settings, areas, customers };
}

export interface CopyPlan {
  from: string;
  to: string;
  shops: boolean;
  /**
   * The owner's alert phone and the payment number put in messages reach the source's owner: they
   * follow only the owner into a new store, never a manager or an admin who starts one of theirs.
   */
  sameOwner: boolean;
}

/**
 * Copies a store's setup into a store just created in this transaction (it has nothing yet).
 * Answers how many areas it copied.
 */
export async function copyStoreSetup(tx: Tx, plan: CopyPlan) {
  const { to } = plan;
  await inStoreScope(tx, plan.from);
  const source = await readSource(tx, plan.from, plan.shops);
  await inStoreScope(tx, to);

  if (source.addedSizes.length > 0) await tx.insert(storeCylinderSizes).values(source.addedSizes.map((size) => ({ storeId: to, size })));
  if (source.activeBrands.length > 0) {
    await tx.insert(storeBrands).values(source.activeBrands.map((brandId) => ({ storeId: to, brandId, isActive: true })));
    // Prices and levels as the source has them; counts and costs start empty.
    if (source.cylinders.length > 0) await tx.insert(cylinderItems).values(source.cylinders.map((c) => ({ ...c, storeId: to })));
    // Any size × valve the source lacks an item for, as activating the brand would make it.
    await makeCylinderItems(tx, to, source.activeBrands, await cylinderSizesOf(tx, to));
  }
  if (source.accessories.length > 0) await tx.insert(accessoryItems).values(source.accessories.map((a) => ({ ...a, storeId: to })));

  // The price book keeps its order (seq) and who entered each entry's figures.
  for (const entry of source.book) {
    const { id: sourceId, ...fields } = entry;
    const [copied] = await tx.insert(officialPrices).values({ ...fields, storeId: to }).returning({ id: officialPrices.id });
    const sizes = source.bookSizes.filter((s) => s.officialPriceId === sourceId);
    if (sizes.length > 0) {
      await tx.insert(officialPriceSizes).values(sizes.map((s) => ({ storeId: to, officialPriceId: copied.id, size: s.size, price: s.price })));
    }
  }

  if (source.settings) {
    // Not when reminders and the summary last went out: the new store has sent nothing yet.
    const { storeId: _from, lastReminderOn: _r, lastSummaryOn: _s, updatedAt: _u, ownerPhone, paymentNumber, ...settings } = source.settings;
    await tx.insert(messageSettings).values({
      ...settings,
      storeId: to,
      ownerPhone: plan.sameOwner ? ownerPhone : null,
      paymentNumber: plan.sameOwner ? paymentNumber : null,
    });
  }

  const areaIds = new Map<string, string>();
  for (const area of source.areas) {
    const [copied] = await tx.insert(divisions).values({ storeId: to, name: area.name }).returning({ id: divisions.id });
    areaIds.set(area.id, copied.id);
  }
  // A shop of a deleted area has no live area to go to here; it is not copied.
  const customers = source.customers.filter((c) => areaIds.has(c.divisionId));
  if (customers.length > 0) {
    await tx.insert(shops).values(customers.map((c) => ({ ...c, storeId: to, divisionId: areaIds.get(c.divisionId)! })));
  }

  await inStoreScope(tx, null);
  return areaIds.size;
}
