import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { toPoisha, toTaka } from '@mojud/domain';
import type { Tx } from '../db/client';
import { brands, cylinderItems, shops, vehicles } from '../db/schema';
import { TIME_ZONE } from '../ledger/repository';
import { createSale, type SaleInput } from '../sales/record';
import { voidSale } from '../sales/reverse';
import { lockVehicle } from '../vehicles/lock';
import { closeVehicle, loadVehicle } from '../vans/repository';
import { enterOpeningStock } from '../opening/repository';
import { createSupplier, paySupplier } from '../suppliers/repository';
import { buy, createAccessory, recordStockCount, setAccessoryPrice, setBrands, setCylinderPrice, sellOne, type Actor } from './repository';
import { demoFirstDay } from '../ledger/demo-dates';

const PRICES: Record<number, number> = { 5: 650, 12: 1450, 20: 2600 };
// What the company's challan charges for a refill, below the retail price.
const REFILL_MARGIN: Record<number, number> = { 5: 90, 12: 170, 20: 260 };
// A package (gas and a new shell, DEALER.md rule 12): its retail price and the challan's cost.
const PACKAGE_PRICES: Record<number, number> = { 5: 1900, 12: 3300, 20: 4900 };
const PACKAGE_COSTS: Record<number, number> = { 5: 1650, 12: 2900, 20: 4350 };

/** The LPG companies the demo store buys from, as they sign their challans. */
const SUPPLIER_NAMES: Record<string, string> = {
  Bashundhara: 'Bashundhara LP Gas',
  Omera: 'Omera LPG',
  Jamuna: 'Jamuna LPG',
  TotalEnergies: 'TotalEnergies LPG',
};

/**
 * The demo store's stock and money: four brands on, retail and wholesale prices of refills and
 * packages, opening counts (cost unknown), opening stock at the challan's cost and a buy of each
 * 12 kg (so items have refill and package costs), one-item sells of refills and packages, and multi-line sales across this month: a shop's part-paid sale with a due, and one void.
 * Everything goes through the repositories so the ledger adds up.
 */
export async function seedDemoInventory(
  tx: Tx,
  storeId: string,
  userId: string,
  /** Runs once the items are stocked and priced, before any sale (the shops' opening balances). */
  beforeSales: () => Promise<void> = async () => {},
) {
  const actor: Actor = { storeId, userId };
  const picked = await tx
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(inArray(brands.name, ['Bashundhara', 'Omera', 'Jamuna', 'TotalEnergies']));
  await setBrands(tx, storeId, picked.map((b) => ({ id: b.id, isActive: true })));
  const items = await tx
    .select({ id: cylinderItems.id, size: cylinderItems.size, regulatorType: cylinderItems.regulatorType, brand: brands.name })
    .from(cylinderItems)
    .innerJoin(brands, eq(brands.id, cylinderItems.brandId))
    .where(and(eq(cylinderItems.storeId, storeId), inArray(cylinderItems.brandId, picked.map((b) => b.id))))
    .orderBy(asc(brands.name), asc(cylinderItems.size), asc(cylinderItems.regulatorType));
  for (const [i, item] of items.entries()) {
    const retail = PRICES[item.size] + (i % 4) * 10;
    // Customer shops buy a refill 30 below retail and a package 50 below.
    const packageRetail = PACKAGE_PRICES[item.size] + (i % 4) * 10;
    await setCylinderPrice(tx, actor, item.id, {
      retailPrice: retail,
      wholesalePrice: retail - 30,
      packageRetailPrice: packageRetail,
      packageWholesalePrice: packageRetail - 50,
    });
    // A spread of levels so every status shows: plenty, low and none.
    const full = [35, 18, 0, 42, 7, 25][i % 6];
    await recordStockCount(tx, actor, { itemId: item.id, fullCount: full, emptyCount: 22 + (i % 5), note: 'Opening stock' });
    // The 20 mm items keep "cost unknown" on their opening stock. The 22 mm ones came with
    // the business at the challan's cost (refills and packages: no money moves, DEALER.md rule
    // 20), and the 12 kg ones were bought again since, paid by bank, so the store's money is
    // what its sales brought in less a month's buys and costs: positive, as a running dealer's is.
    if (item.regulatorType === 22) {
      await enterOpeningStock(tx, actor, {
        itemId: item.id,
        quantity: 10,
        unitCost: retail - REFILL_MARGIN[item.size],
        packageQuantity: 4,
        packageUnitCost: PACKAGE_COSTS[item.size],
      });
      if (item.size === 12) {
        // The companies are suppliers (rule 19); Omera's buy is half on credit, part paid since.
        const supplier = await createSupplier(tx, actor, { name: SUPPLIER_NAMES[item.brand] ?? `${item.brand} LPG` });
        const unitCost = retail - REFILL_MARGIN[item.size];
        const onCredit = item.brand === 'Omera';
        await buy(tx, actor, { type: 'cylinder' }, {
          id: item.id,
          quantity: 5,
          tradeType: 'refill',
          unitCost,
          challanNumber: `CH-${4100 + i}`,
          paymentMethod: 'bank',
          supplierId: supplier.id,
          ...(onCredit ? { paid: Math.round((unitCost * 5) / 2) } : {}),
        });
        if (onCredit) await paySupplier(tx, actor, supplier.id, { amount: 1000, note: 'Part of the credit' });
      }
    }
    if (full >= 10) {
      await sellOne(tx, actor, { type: 'cylinder' }, { id: item.id, quantity: 3, paymentMethod: 'cash', tradeType: 'refill' });
      if (item.regulatorType === 22) {
        await sellOne(tx, actor, { type: 'cylinder' }, { id: item.id, quantity: 1, paymentMethod: 'cash', tradeType: 'package' });
      }
    }
  }
  const accessories: Record<string, string> = {};
  for (const [kind, name, price, count, cost] of [
    ['stove', 'Single Burner', 1800, 14, 1450],
    ['stove', 'Double Burner', 3200, 9, 2600],
    ['stove', 'Auto Ignition Double Burner', 5200, 0, null],
    ['regulator', 'Standard 22 mm', 450, 30, 340],
    ['regulator', 'Standard 20 mm', 420, 16, null],
  ] as const) {
    const item = await createAccessory(tx, storeId, kind, { name, price: 0 });
    await setAccessoryPrice(tx, actor, kind, item.id, { retailPrice: price, wholesalePrice: price - 100 });
    await recordStockCount(tx, actor, { itemId: item.id, stockCount: count, note: 'Opening stock' });
    if (cost !== null) {
      await buy(tx, actor, { type: kind }, { id: item.id, quantity: 6, unitCost: cost, supplier: 'Nawabpur wholesale', paymentMethod: 'cash' });
    }
    accessories[name] = item.id;
  }
  await beforeSales();
  await seedDemoSales(tx, actor, items, accessories);
  await seedDemoVans(tx, actor, items, accessories);
}

/**
 * The vans (DEALER.md rules 8–10): yesterday one went out loaded, sold refills (a shop handed in
 * a Jamuna empty for a Bashundhara and stayed one empty short) and was closed Tk 200 short; today
 * the other is out, loaded, with a sale that leaves a shop owing two Omera empties.
 */
async function seedDemoVans(
  tx: Tx,
  actor: Actor,
  items: { id: string; size: number; regulatorType: number; brand: string }[],
  accessories: Record<string, string>,
) {
  const vans = await tx
    .select({ id: vehicles.id, regNumber: vehicles.regNumber })
    .from(vehicles)
    .where(eq(vehicles.storeId, actor.storeId))
    .orderBy(asc(vehicles.regNumber));
  const shopRows = await tx.select({ id: shops.id, name: shops.name }).from(shops).where(eq(shops.storeId, actor.storeId));
  const shop = (name: string) => shopRows.find((s) => s.name === name)?.id ?? null;
  // A store seeded without the demo's vans and shops (a test's) gets no rounds.
  if (vans.length < 2 || !shop('Hasan Store') || !shop('Karim Traders')) return;
  const cyl = (brand: string) => items.find((i) => i.brand === brand && i.size === 12 && i.regulatorType === 22)!.id;
  const full = async (id: string) => {
    const { rows } = await tx.execute(sql`select full_count from cylinder_items where id = ${id}::uuid`);
    return Number((rows[0] as { full_count: number }).full_count);
  };
  const key = { ...actor, idempotencyKey: null };
  const { rows } = await tx.execute(sql`select ((app_now() at time zone ${TIME_ZONE})::date - 1)::text as day`);
  const yesterday = (rows[0] as { day: string }).day;
  const at = (time: string) => new Date(`${yesterday}T${time}:00+06:00`);

  // Yesterday: loaded at 8:30, two sales, closed at 18:30 Tk 200 short.
  const first = await lockVehicle(tx, actor.storeId, vans[0].id, 'update');
  const [bash, omera, jamuna] = [cyl('Bashundhara'), cyl('Omera'), cyl('Jamuna')];
  await loadVehicle(
    tx,
    key,
    first,
    [
      { itemType: 'cylinder', itemId: bash, quantity: Math.min(15, await full(bash)) },
      { itemType: 'cylinder', itemId: omera, quantity: Math.min(10, await full(omera)) },
      { itemType: 'stove', itemId: accessories['Single Burner'], quantity: 2 },
    ],
    at('08:30'),
  );
  await createSale(
    tx,
    actor,
    {
      shopId: shop('Hasan Store'),
      vehicleId: first.id,
      lines: [{ itemType: 'cylinder', itemId: bash, tradeType: 'refill', quantity: 6, empties: [{ itemId: bash, count: 4 }, { itemId: jamuna, count: 1 }] }],
      discount: 0,
      payments: [{ method: 'cash', amount: 6000 }],
      note: 'Van round, Kazipara',
    },
    { at: at('11:15') },
  );
  const walkIn = [{ itemType: 'cylinder', itemId: omera, tradeType: 'refill', quantity: 2 } as const, { itemType: 'stove', itemId: accessories['Single Burner'], quantity: 1 } as const];
  await createSale(
    tx,
    actor,
    { shopId: null, vehicleId: first.id, lines: walkIn, discount: 0, ...(await walkInPaid(tx, walkIn, actor)) },
    { at: at('14:40') },
  );
  const { rows: cash } = await tx.execute(sql`
    select coalesce(sum(total_amount), 0) as cash from ledger_entries
    where store_id = ${actor.storeId}::uuid and vehicle_id = ${first.id}::uuid and kind = 'sale_payment' and payment_method = 'cash'`);
  const expected = Number((cash[0] as { cash: string }).cash);
  await closeVehicle(tx, key, first, { cashHandedOver: expected - 200, note: 'Change given twice at Kazipara' }, at('18:30'));

  // Today: the second van out since morning, one sale made from it so far.
  const second = await lockVehicle(tx, actor.storeId, vans[1].id, 'share');
  await loadVehicle(tx, key, second, [
    { itemType: 'cylinder', itemId: bash, quantity: Math.min(12, await full(bash)) },
    { itemType: 'cylinder', itemId: omera, quantity: Math.min(8, await full(omera)) },
    { itemType: 'regulator', itemId: accessories['Standard 22 mm'], quantity: 4 },
  ]);
  await createSale(tx, actor, {
    shopId: shop('Karim Traders'),
    vehicleId: second.id,
    lines: [{ itemType: 'cylinder', itemId: omera, tradeType: 'refill', quantity: 4, empties: [{ itemId: omera, count: 2 }] }],
    discount: 0,
    payments: [{ method: 'cash', amount: 3000 }],
  });
}

async function seedDemoSales(
  tx: Tx,
  actor: Actor,
  items: { id: string; size: number; regulatorType: number; brand: string }[],
  accessories: Record<string, string>,
) {
  const cyl = (brand: string, size = 12, regulatorType = 22) =>
    items.find((i) => i.brand === brand && i.size === size && i.regulatorType === regulatorType)!.id;
  const shopRows = await tx
    .select({ id: shops.id, name: shops.name })
    .from(shops)
    .where(eq(shops.storeId, actor.storeId));
  const shop = (name: string) => shopRows.find((s) => s.name === name)?.id ?? null;
  const refill = (brand: string, quantity: number, size = 12) =>
    ({ itemType: 'cylinder', itemId: cyl(brand, size), tradeType: 'refill', quantity }) as const;
  const stove = (name: string, quantity = 1) => ({ itemType: 'stove', itemId: accessories[name], quantity }) as const;
  const regulator = (quantity = 1) => ({ itemType: 'regulator', itemId: accessories['Standard 22 mm'], quantity }) as const;
  const sale = (input: Partial<SaleInput> & Pick<SaleInput, 'lines'>, at?: Date) =>
    createSale(tx, actor, { shopId: null, discount: 0, payments: [], ...input }, { at });
  // A store seeded without the demo shops (a test's) gets only the walk-in sales.
  const shopSale = async (name: string, input: Omit<SaleInput, 'shopId' | 'discount'> & { discount?: number }, at?: Date) => {
    const shopId = shop(name);
    if (shopId) await sale({ ...input, shopId }, at);
  };

  // Since the books came over (days that have already ended), so the month's profit is more than today's.
  const { rows } = await tx.execute(sql`
    select d::date::text as day from generate_series(
      ${demoFirstDay},
      (app_now() at time zone ${TIME_ZONE})::date - 1, interval '3 days') as d`);
  for (const [n, { day }] of (rows as { day: string }[]).entries()) {
    const at = new Date(`${day}T11:30:00+06:00`);
    if (n % 2 === 0) {
      await shopSale(
        'Hasan Store',
        { lines: [refill('Bashundhara', 4), refill('Jamuna', 2), regulator(2)], payments: [{ method: 'cash', amount: 5000 }] },
        at,
      );
    } else {
      await shopSale(
        'Bhai Bhai Enterprise',
        { lines: [refill('Omera', 3), refill('TotalEnergies', 2, 5)], payments: [{ method: 'bank', amount: 5420 }] },
        at,
      );
      await sale({ lines: [refill('Jamuna', 1), stove('Single Burner')], ...(await walkInPaid(tx, [refill('Jamuna', 1), stove('Single Burner')], actor)) }, at);
    }
  }

  // Today: the shop's part-paid sale (two refill brands and a stove; cash and bKash, the rest due).
  await shopSale('Karim Traders', {
    lines: [refill('Bashundhara', 3), refill('Omera', 2), stove('Double Burner')],
    discount: 20,
    payments: [
      { method: 'cash', amount: 5000 },
      { method: 'mobile', amount: 2000, ref: 'bKash TX 8F3K2' },
    ],
    note: 'Delivered by van',
  });
  await sale({
    lines: [refill('Jamuna', 1), regulator(1)],
    ...(await walkInPaid(tx, [refill('Jamuna', 1), regulator(1)], actor)),
  });
  await sale({
    lines: [stove('Single Burner'), regulator(1), refill('TotalEnergies', 1)],
    ...(await walkInPaid(tx, [stove('Single Burner'), regulator(1), refill('TotalEnergies', 1)], actor, 'mobile')),
  });
  // A sale rung up on the wrong items, voided by the owner the same day.
  const wrong = await sale({
    lines: [refill('Omera', 2)],
    ...(await walkInPaid(tx, [refill('Omera', 2)], actor)),
  });
  await voidSale(tx, actor, wrong.id, 'Rung up twice');
}

/** A walk-in pays the retail total in full: read the prices as they are. */
async function walkInPaid(
  tx: Tx,
  lines: { itemType: string; itemId: string; quantity: number }[],
  actor: Actor,
  method: 'cash' | 'mobile' = 'cash',
) {
  let total = 0;
  for (const l of lines) {
    const table = l.itemType === 'cylinder' ? sql`cylinder_items` : sql`accessory_items`;
    const { rows } = await tx.execute(sql`select price from ${table} where id = ${l.itemId}::uuid and store_id = ${actor.storeId}::uuid`);
    total += toPoisha((rows[0] as { price: string }).price) * l.quantity;
  }
  return { payments: [{ method, amount: toTaka(total) }] };
}
