// Prices (DEALER.md rules 1, 3, 12 and 14): which of an item's prices a customer pays, and what
// a seller may charge instead.
import { MAX_TOTAL_POISHA, takaText, toPoisha, toTaka, type Poisha } from './money';
import { conflictRefusal, fieldRefusal, Refusal } from './refusal';

export type PriceTier = 'retail' | 'wholesale';
/** A cylinder is sold as a refill (gas only) or a package (gas and a new shell). */
export type TradeType = 'refill' | 'package';

/**
 * An item's selling prices, in poisha. A cylinder's `retail` and `wholesale` are its refill
 * prices; its package has prices of its own (rule 12), null (or absent) until the owner sets
 * them. Stoves and regulators have retail and wholesale only.
 */
export interface ItemPrices {
  retail: Poisha;
  wholesale: Poisha;
  packageRetail?: Poisha | null;
  packageWholesale?: Poisha | null;
}

/** A cylinder's package prices as the API answers them (taka; null until set), in poisha for the rules. */
export const packagePricesOf = (item: { packageRetailPrice?: number | null; packageWholesalePrice?: number | null }) => ({
  packageRetail: item.packageRetailPrice == null ? null : toPoisha(item.packageRetailPrice),
  packageWholesale: item.packageWholesalePrice == null ? null : toPoisha(item.packageWholesalePrice),
});

/** Walk-in buyers pay retail; a customer shop pays its own tier (wholesale unless set to retail). */
export const tierFor = (shop: { tier: PriceTier } | null): PriceTier => (shop ? shop.tier : 'retail');

/** The price of the tier (a cylinder's refill price). */
export const tierPrice = (item: ItemPrices, tier: PriceTier): Poisha => (tier === 'wholesale' ? item.wholesale : item.retail);

/**
 * The price of a line (rule 12): by its trade type (a package line the package price, a refill
 * or a stove or regulator the item's own) and the customer's tier; null: a package whose price
 * is not set yet. Never the refill price for a package.
 */
export const linePriceOrNull = (item: ItemPrices, tradeType: TradeType | null, tier: PriceTier): Poisha | null =>
  tradeType === 'package' ? ((tier === 'wholesale' ? item.packageWholesale : item.packageRetail) ?? null) : tierPrice(item, tier);

/** Refused: a package of an item whose package price is not set (rule 12). `field`: the line's. */
export const packagePriceNotSet = (itemName: string, field?: string) =>
  conflictRefusal(
    { message: `Set the package price of ${itemName} first`, code: 'price.packageNotSet', params: { item: itemName } },
    field ? [{ field, message: 'No package price yet', code: 'price.packageNotSetShort' }] : null,
  );

/** The price of a line (`linePriceOrNull`), or the refusal of a package with no package price. */
export function linePrice(item: ItemPrices & { name: string }, tradeType: TradeType | null, tier: PriceTier, field?: string): Poisha {
  const price = linePriceOrNull(item, tradeType, tier);
  if (price === null) throw packagePriceNotSet(item.name, field);
  return price;
}

/**
 * A cylinder's package prices after an edit: a price given replaces the stored one; the
 * wholesale is the retail until set (rule 1). Both are set or neither: a wholesale alone on an
 * item with no package price is refused.
 */
export function packagePricesAfter(
  body: { packageRetailPrice?: number; packageWholesalePrice?: number },
  before: { packageRetail: number | null; packageWholesale: number | null },
): { packageRetail: number | null; packageWholesale: number | null } {
  const packageRetail = body.packageRetailPrice ?? before.packageRetail;
  if (packageRetail === null) {
    if (body.packageWholesalePrice === undefined) return before;
    throw fieldRefusal('packageRetailPrice', { message: 'Set the package retail price too', code: 'price.packageRetailFirst' });
  }
  return { packageRetail, packageWholesale: body.packageWholesalePrice ?? before.packageWholesale ?? packageRetail };
}

/**
 * How far below the tier a seller may go (rule 14), or null: any price (managers and up). Staff
 * may go down by the store's limit, a whole percent of the tier price the owner sets (0, the
 * default: not at all). A percent, not taka per unit: one figure fits a Tk 300 regulator and a
 * Tk 3,000 package alike, and it holds when BERC moves the prices each month.
 */
export interface SellingLimit {
  /** 0 to 99. */
  belowTierPercent: number;
}

/** The roles that sell below the tier without a limit; every other role has the store's. */
const UNLIMITED_ROLES = new Set(['owner', 'admin', 'manager']);

/** The limit a member of this role sells under, given the store's limit for staff. */
export const sellingLimitFor = (role: string, staffBelowTierPercent: number): SellingLimit | null =>
  UNLIMITED_ROLES.has(role) ? null : { belowTierPercent: staffBelowTierPercent };

/**
 * The lowest unit price a seller may charge for a line whose tier price is given: the tier less
 * the seller's limit (rounded in the seller's favour to the poisha), or 0 without a limit.
 */
export const lowestUnitPrice = (tierPrice: Poisha, limit: SellingLimit | null = null): Poisha =>
  limit ? tierPrice - Math.floor((tierPrice * limit.belowTierPercent) / 100) : 0;

/**
 * The most a seller under `limit` may take off lines sold at their tier prices, by a lower price
 * or a discount (what the sale screens show before the tap); null: any amount.
 */
export const mostBelowTier = (lines: { tierPrice: Poisha; quantity: number }[], limit: SellingLimit | null): Poisha | null =>
  limit ? lines.reduce((sum, l) => sum + (l.tierPrice - lowestUnitPrice(l.tierPrice, limit)) * l.quantity, 0) : null;

/**
 * A seller under a limit sells a line no lower than `lowestUnitPrice`, and never at 0 (a line
 * given away needs a manager). The refusal names the limit.
 */
export function checkLowestUnitPrice(line: { field: string; itemName: string; tier: PriceTier; tierPrice: Poisha; unit: Poisha }, limit: SellingLimit | null) {
  if (!limit || line.unit >= line.tierPrice) return;
  if (line.unit === 0) {
    throw fieldRefusal(
      line.field,
      { message: `${line.itemName}: a line at price 0 needs a manager`, code: 'price.zeroNeedsManager', params: { item: line.itemName } },
      403,
    );
  }
  const lowest = lowestUnitPrice(line.tierPrice, limit);
  if (line.unit < lowest) {
    const params = { item: line.itemName, tier: line.tier, percent: limit.belowTierPercent, price: toTaka(lowest) };
    throw fieldRefusal(
      line.field,
      {
        message:
          limit.belowTierPercent === 0
            ? `${line.itemName}: staff sell at the ${line.tier} price (${takaText(line.tierPrice)}); a lower price needs a manager`
            : `${line.itemName}: staff may sell at most ${limit.belowTierPercent}% below the ${line.tier} price, at ${takaText(lowest)} or more`,
        code: 'price.belowLimit',
        params,
      },
      403,
    );
  }
}

/**
 * A discount counts as selling below (rule 14): under a limit, the sale's total may not fall
 * below what its lines come to at their lowest prices. `field`: where the discount was typed.
 */
export function checkLowestTotal(field: string, total: Poisha, lowestTotal: Poisha, limit: SellingLimit | null) {
  if (!limit || total >= lowestTotal) return;
  throw fieldRefusal(
    field,
    {
      message:
        limit.belowTierPercent === 0
          ? `Staff sell at the tier price: the total is ${takaText(lowestTotal)}; a discount needs a manager`
          : `Staff may sell at most ${limit.belowTierPercent}% below the tier price: the total may not be less than ${takaText(lowestTotal)}`,
      code: 'sale.discountBelowLimit',
      params: { percent: limit.belowTierPercent, amount: toTaka(lowestTotal) },
    },
    403,
  );
}

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
 * 400 for a cost or price that does not belong to the item: a cylinder has two costs (refill and
 * package), a stove or regulator one `cost` and no package prices.
 */
export function checkCostFields(
  type: 'cylinder' | 'stove' | 'regulator',
  body: { cost?: unknown; refillCost?: unknown; packageCost?: unknown; packageRetailPrice?: unknown; packageWholesalePrice?: unknown },
) {
  if (type === 'cylinder') {
    if (body.cost === undefined) return;
    throw new Refusal(400, { message: 'cost: Cylinders have a refillCost and a packageCost', code: 'price.cylinderCosts' }, [
      { field: 'cost', message: 'Use refillCost and packageCost', code: 'price.cylinderCosts' },
    ]);
  }
  const packagePrice = (['packageRetailPrice', 'packageWholesalePrice'] as const).find((f) => body[f] !== undefined);
  if (packagePrice) {
    throw new Refusal(400, { message: `${packagePrice}: Only cylinders are sold as packages`, code: 'price.accessoryPackage' }, [
      { field: packagePrice, message: 'Only cylinders have package prices', code: 'price.accessoryPackage' },
    ]);
  }
  const wrong = (['refillCost', 'packageCost'] as const).find((f) => body[f] !== undefined);
  if (!wrong) return;
  throw new Refusal(400, { message: `${wrong}: Stoves and regulators have one cost`, code: 'price.accessoryCost' }, [
    { field: wrong, message: 'Use cost', code: 'price.accessoryCost' },
  ]);
}
