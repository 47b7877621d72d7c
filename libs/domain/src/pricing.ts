// Prices (DEALER.md rules 1, 3 and 14): which of an item's prices a customer pays, and what a
// seller may charge instead.
import { MAX_TOTAL_POISHA, takaText, toPoisha, toTaka, type Poisha } from './money';
import { conflictRefusal, fieldRefusal, Refusal } from './refusal';

export type PriceTier = 'retail' | 'wholesale';

/** An item's selling prices, in poisha. */
export interface ItemPrices {
  retail: Poisha;
  wholesale: Poisha;
}

/** Walk-in buyers pay retail; a customer shop pays its own tier (wholesale unless set to retail). */
export const tierFor = (shop: { tier: PriceTier } | null): PriceTier => (shop ? shop.tier : 'retail');

/** The price of the tier. */
export const tierPrice = (item: ItemPrices, tier: PriceTier): Poisha => (tier === 'wholesale' ? item.wholesale : item.retail);

/**
 * The lowest unit price a seller may charge for a line whose tier price is given. Today every
 * role may sell at any price up to the tier's (a lower one is a discount, recorded as such);
 * the owner's per-role limit of rule 14 is added here and nowhere else.
 */
export const lowestUnitPrice = (_tierPrice: Poisha): Poisha => 0;

/**
 * The price the screen showed must still be the tier's: a seller who saw Tk 1,380 never
 * records a sale at a price changed since.
 */
export function checkShownPrice(shown: Poisha | undefined, price: Poisha) {
  if (shown !== undefined && shown !== price) {
    throw conflictRefusal(
      { message: `The price is now ${takaText(price)}. Check the total and try again.`, code: 'price.changed', params: { price: toTaka(price) } },
      [{ field: 'price', message: 'Price changed', code: 'price.changedShort' }],
    );
  }
}

/** A line may be sold at or below its tier price (a lower price is a discount), never above. */
export function checkUnitPrice(line: { field: string; itemName: string; tier: PriceTier; tierPrice: Poisha; unit: Poisha }) {
  if (line.unit > line.tierPrice) {
    const params = { item: line.itemName, tier: line.tier, price: toTaka(line.tierPrice) };
    throw conflictRefusal(
      {
        message: `${line.itemName}: the ${line.tier} price is ${takaText(line.tierPrice)}; a line can be sold at or below it`,
        code: 'price.aboveTier',
        params,
      },
      [{ field: line.field, message: `Above the ${line.tier} price`, code: 'price.aboveTierShort', params }],
    );
  }
}

/** Refused when a line's tier price changed between pricing a sale and recording it. */
export const priceChangedOf = (field: string, itemName: string, tier: PriceTier, price: Poisha) =>
  conflictRefusal(
    {
      message: `The ${tier} price of ${itemName} is now ${takaText(price)}. Check the total and try again.`,
      code: 'price.changedOf',
      params: { item: itemName, tier, price: toTaka(price) },
    },
    [{ field, message: 'Price changed', code: 'price.changedShort' }],
  );

/**
 * What a buy costs (rule 2): the unit cost paid, or (given only the total) the total shared over
 * the quantity to the poisha; the total as paid, or the unit cost times the quantity.
 */
export function buyCost(b: { quantity: number; unitCost?: number; totalAmount?: number }): { unitCost: Poisha; total: Poisha } {
  const unitCost = b.unitCost !== undefined ? toPoisha(b.unitCost) : Math.round(toPoisha(b.totalAmount ?? 0) / b.quantity);
  const total = b.totalAmount !== undefined ? toPoisha(b.totalAmount) : unitCost * b.quantity;
  if (total > MAX_TOTAL_POISHA) throw fieldRefusal('totalAmount', { message: 'Is too large', code: 'tooLarge' });
  return { unitCost, total };
}

/**
 * 400 for a cost that does not belong to the item: a cylinder has two costs (refill and package),
 * a stove or regulator one `cost`.
 */
export function checkCostFields(type: 'cylinder' | 'stove' | 'regulator', body: { cost?: unknown; refillCost?: unknown; packageCost?: unknown }) {
  if (type === 'cylinder') {
    if (body.cost === undefined) return;
    throw new Refusal(400, { message: 'cost: Cylinders have a refillCost and a packageCost', code: 'price.cylinderCosts' }, [
      { field: 'cost', message: 'Use refillCost and packageCost', code: 'price.cylinderCosts' },
    ]);
  }
  const wrong = (['refillCost', 'packageCost'] as const).find((f) => body[f] !== undefined);
  if (!wrong) return;
  throw new Refusal(400, { message: `${wrong}: Stoves and regulators have one cost`, code: 'price.accessoryCost' }, [
    { field: wrong, message: 'Use cost', code: 'price.accessoryCost' },
  ]);
}
