// The one-item sell of the inventory (the spec's `…/sell` routes): a sale of one line, priced and
// checked by priceSale with the trade's own terms (the price the screen showed, a total typed by
// hand, paid in full by one method or all due). The trade modal runs it before the tap, so it
// refuses what the server would, with the same code.
import { fieldRefusal } from './refusal';
import { priceSale, type PricedSale, type SaleContext, type SaleItemType, type SaleLineRequest, type TradeType } from './sale';

/** A one-item sell as the trade modal sends it (taka, as typed). */
export interface TradeSell<M extends string = string> {
  itemType: SaleItemType;
  /** The item sold. */
  id: string;
  quantity: number;
  /** Cylinders: refill unless said otherwise. */
  tradeType?: TradeType;
  /** The tier price the screen showed; a price changed since is refused. */
  price?: number;
  /** The total; less than price × quantity is a discount. Absent: price × quantity. */
  totalAmount?: number;
  /** Paid in full by this method, or `due`: nothing paid, all owed by the shop. */
  paymentMethod: M | 'due';
  shopId?: string | null;
  /** Refill sells: empties handed in (absent: the quantity) and their item (absent: the same). */
  emptiesIn?: number;
  emptiesItemId?: string;
}

/** The sale line a one-item sell records: a refill takes its empties in, a package none. */
export function tradeSaleLine(trade: TradeSell): SaleLineRequest {
  const refill = trade.itemType === 'cylinder' && (trade.tradeType ?? 'refill') === 'refill';
  return {
    itemType: trade.itemType,
    itemId: trade.id,
    ...(trade.itemType === 'cylinder' ? { tradeType: trade.tradeType ?? 'refill' } : {}),
    quantity: trade.quantity,
    ...(refill ? { empties: [{ itemId: trade.emptiesItemId ?? trade.id, count: trade.emptiesIn ?? trade.quantity }] } : {}),
  };
}

/** A sell left due needs the shop that will owe it: a walk-in buyer pays at once. */
export function checkDueHasShop(paymentMethod: string, shopId: string | null | undefined) {
  if (paymentMethod === 'due' && !shopId) {
    throw fieldRefusal('shopId', { message: 'Choose the customer shop for a due sale', code: 'sale.dueNeedsShop' });
  }
}

/**
 * Prices a one-item sell for the customer (the shop it names, at its tier, or a walk-in at
 * retail) and checks it whole, as the sell routes do: a due sell names a shop, then every rule
 * of a sale. Throws the first refusal; otherwise the sale as it will be recorded.
 */
export function priceTrade<M extends string>(
  trade: TradeSell<M>,
  context: SaleContext,
): PricedSale<M> {
  checkDueHasShop(trade.paymentMethod, trade.shopId);
  return priceSale<M>({ lines: [tradeSaleLine(trade)], discount: 0, payments: [] }, context, {
    expectedUnitPrice: trade.price,
    total: trade.totalAmount,
    payInFull: trade.paymentMethod === 'due' ? null : (trade.paymentMethod as M),
  });
}
