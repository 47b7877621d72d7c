// A sell through the rules the server runs for it (libs/domain's priceTrade), before the tap: the
// trade modal refuses what the server would, with the same code. A chunk of its own, loaded with
// the tap: the inventory page paints without the rules.
import type { CylinderItem } from '@mojud/contracts';
import { packagePricesOf, priceTrade, toPoisha, type PriceTier, type SaleItem, type SaleItemType, type SellingLimit } from '@mojud/domain';
import { refusalOf } from '../rules';
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

/**
 * The refusal of this sell, or null: the item at the prices the modal shows, the empties' brand
 * (its size and valve) from the store's cylinders, and the shop the sell names at its tier. An
 * empties brand the page does not know is the server's to explain.
 */
export function sellRefusal(args: {
  kind: ItemKind;
  item: TradeItem;
  cylinders: CylinderItem[] | undefined;
  shop: { tier: PriceTier } | null;
  input: TradeInput;
  /** How far below the tier the seller may go (rule 14); null: any price. */
  limit: SellingLimit | null;
}) {
  const { kind, item, cylinders, input } = args;
  const cylinder = (id: string) => cylinders?.find((c) => c.id === id);
  const own = kind === 'cylinder' ? cylinder(item.id) : undefined;
  const itemOf = (type: SaleItemType, id: string): SaleItem | undefined => {
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
  if (input.emptiesItemId && !itemOf('cylinder', input.emptiesItemId)) return null;
  return refusalOf(() => priceTrade({ ...input, itemType: kind }, { shop: args.shop, itemOf, limit: args.limit }));
}
