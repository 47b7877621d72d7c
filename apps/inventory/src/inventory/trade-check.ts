// A sell through the rules the server runs for it (libs/domain's priceTrade), before the tap: the
// trade modal refuses what the server would, with the same code. A chunk of its own, loaded with
// the tap: the inventory page paints without the rules.
import type { CylinderItem } from '@mojud/contracts';
import { isRefusal, packagePricesOf, priceTrade, toPoisha, type PriceTier, type Refusal, type SaleItem, type SaleItemType, type SellingLimit } from '@mojud/domain';
import type { ItemKind, TradeInput, TradeItem } from './api';

/** A cylinder of the store's list (active brands only) as the rules see it. */
const factsOf = (c: CylinderItem): SaleItem => ({
  id: c.id,
  type: 'cylinder',
  name: c.name,
  brandName: c.brandName,
  size: c.size,
  regulatorType: c.regulatorType,
  isActive: true,
  retail: toPoisha(c.retailPrice),
  wholesale: toPoisha(c.wholesalePrice),
  ...packagePricesOf(c),
});

export interface SellArgs {
  kind: ItemKind;
  item: TradeItem;
  cylinders: CylinderItem[] | undefined;
  shop: { tier: PriceTier } | null;
  input: TradeInput;
  /** How far below the tier the seller may go (rule 14); null: any price. */
  limit: SellingLimit | null;
}

/** The items of this sell as the rules see them: the one sold, at the prices the modal shows, and the store's cylinders. */
function itemsOf({ kind, item, cylinders }: SellArgs) {
  const cylinder = (id: string) => cylinders?.find((c) => c.id === id);
  const own = kind === 'cylinder' ? cylinder(item.id) : undefined;
  return (type: SaleItemType, id: string): SaleItem | undefined => {
    if (type === kind && id === item.id) {
      return {
        ...(own ? factsOf(own) : { brandName: null, size: null, regulatorType: null }),
        id,
        type,
        name: item.name,
        isActive: true,
        retail: toPoisha(item.price),
        wholesale: toPoisha(item.wholesalePrice ?? item.price),
        ...packagePricesOf(item),
      };
    }
    const c = type === 'cylinder' ? cylinder(id) : undefined;
    return c && factsOf(c);
  };
}

/** The sell priced as the server will record it (libs/domain's priceTrade); throws its refusal. */
const pricedSell = (args: SellArgs) =>
  priceTrade({ ...args.input, itemType: args.kind }, { shop: args.shop, itemOf: itemsOf(args), limit: args.limit });

/** A sell as the server will record it (`priced`), or its refusal: at most one of them. */
export interface CheckedSell {
  priced: ReturnType<typeof pricedSell> | null;
  refusal: Refusal | null;
}

/**
 * The sell through the rules, once at the tap: the item at the prices the modal shows, the
 * empties' brand (its size and valve) from the store's cylinders, and the shop the sell names at
 * its tier. An empties brand the page does not know is the server's to explain and to price.
 */
export function checkSell(args: SellArgs): CheckedSell {
  if (args.input.emptiesItemId && !itemsOf(args)('cylinder', args.input.emptiesItemId)) return { priced: null, refusal: null };
  try {
    return { priced: pricedSell(args), refusal: null };
  } catch (error) {
    if (isRefusal(error)) return { priced: null, refusal: error };
    throw error;
  }
}
