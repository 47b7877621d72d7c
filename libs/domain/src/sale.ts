// A sale (DEALER.md rules 3–9): from what the seller put together to priced lines, totals, the
// due or advance and the empties each line takes in or leaves owed, or the refusal that says
// why not. The API records what this returns; the sale screen runs it before the tap, so both
// refuse the same cart with the same code.
import { MAX_TOTAL_POISHA, shareDiscount, sumPoisha, takaText, toPoisha, toTaka, type Poisha } from './money';
import {
  checkLowestTotal,
  checkLowestUnitPrice,
  checkShownPrice,
  checkUnitPrice,
  linePrice,
  linePriceOrNull,
  lowestUnitPrice,
  packagePriceNotSet,
  priceChangedOf,
  tierFor,
  type ItemPrices,
  type PriceTier,
  type SellingLimit,
  type TradeType,
} from './pricing';
import { conflictRefusal, counted, fieldRefusal, Refusal } from './refusal';
import { stockChanged } from './stock';

export type SaleItemType = 'cylinder' | 'stove' | 'regulator';
export type { TradeType };

/** An item a line names, as it stands now: its prices (`ItemPrices`: cylinders have package prices too) and what a line checks. */
export interface SaleItem extends ItemPrices {
  id: string;
  type: SaleItemType;
  /** "Bashundhara 12 kg 22 mm", or the stove's or regulator's name. */
  name: string;
  /** Cylinders: the brand, its size and valve, and whether the store deals in the brand now. */
  brandName: string | null;
  size: number | null;
  regulatorType: number | null;
  isActive: boolean;
}

export interface SaleLineRequest {
  itemType: SaleItemType;
  itemId: string;
  tradeType?: TradeType;
  quantity: number;
  /** Taka; absent: the tier price. */
  unitPrice?: number;
  /** Refill lines: empties handed in, by item. Absent: the quantity, of the same item. */
  empties?: { itemId: string; count: number }[];
}

export interface SalePaymentRequest<M extends string = string> {
  method: M;
  /** Taka. */
  amount: number;
  ref?: string | null;
  /** The store's account it lands in (rule 15); absent: its method's default. The API checks it. */
  accountId?: string | null;
}

export interface SaleRequest<M extends string = string> {
  lines: SaleLineRequest[];
  /** Taka, on the whole sale. */
  discount: number;
  payments: SalePaymentRequest<M>[];
}

/** What the one-item trade asks beyond a sale (the spec's trade routes). */
export interface SaleTerms<M extends string = string> {
  /** The tier price the screen showed, in taka; a changed price is refused. */
  expectedUnitPrice?: number;
  /** The sale's total in taka; less than the lines' total is a discount on the whole. */
  total?: number;
  /** Paid in full by this method, or (null) nothing paid: all due on the shop. */
  payInFull?: M | null;
}

export interface LineEmpties {
  /** Empties of the line's own item. */
  same: number;
  /** Empties of other brands (a brand swap), by item. */
  swaps: { itemId: string; count: number }[];
  /** Refills the shop hands no empty in for: what it now owes (rule 9). */
  owed: number;
}

export interface PricedLine {
  index: number;
  item: SaleItem;
  itemType: SaleItemType;
  itemId: string;
  /** Cylinders: refill or package; stoves and regulators: null. */
  tradeType: TradeType | null;
  quantity: number;
  tierPrice: Poisha;
  unit: Poisha;
  /** unit × quantity. */
  gross: Poisha;
  /** The line's share of the discount on the whole. */
  discountShare: Poisha;
  /** What the line comes to: gross less its share. */
  amount: Poisha;
  /** Everything below the tier on this line: (tier − unit) × quantity + its share. */
  lineDiscount: Poisha;
  empties: LineEmpties;
}

export interface PricedSale<M extends string = string> {
  tier: PriceTier;
  lines: PricedLine[];
  subtotal: Poisha;
  discount: Poisha;
  total: Poisha;
  payments: SalePaymentRequest<M>[];
  paid: Poisha;
  /** total − paid: a due on the shop, or (negative) an advance. */
  due: Poisha;
}

/** A sale's number as people read it: the store's gapless count, `S-000123`. */
export const saleNumber = (n: number | string) => `S-${String(Number(n)).padStart(6, '0')}`;

/** A shop's code as people read it and type it as a payment's reference: the store's count, `C-0042`. */
export const shopCode = (n: number | string) => `C-${String(Number(n)).padStart(4, '0')}`;

export const lineField = (index: number, field: string) => `lines.${index}.${field}`;

export const itemNotFound = (field: string) => fieldRefusal(field, { message: 'Item not found', code: 'item.notFound' }, 404);

export const brandInactive = (brand: string | null, fields: { field: string }[] = []) =>
  conflictRefusal(
    { message: `${brand} is not active in this store. Select it under Select Brand first.`, code: 'brand.inactive', params: { brand } },
    fields.length > 0 ? fields.map(({ field }) => ({ field, message: 'Brand not active', code: 'brand.inactive', params: { brand } })) : null,
  );

/** The trade type of a line: cylinders are refills unless said otherwise; other items have none. */
export const lineTradeType = (line: Pick<SaleLineRequest, 'itemType' | 'tradeType'>): TradeType | null =>
  line.itemType === 'cylinder' ? (line.tradeType ?? 'refill') : null;

/** The empties a line names: as given, or (a refill with none given) its quantity of the same item. */
export const emptiesGiven = (line: Pick<SaleLineRequest, 'itemType' | 'tradeType' | 'itemId' | 'quantity' | 'empties'>) =>
  lineTradeType(line) === 'refill' ? (line.empties ?? [{ itemId: line.itemId, count: line.quantity }]) : [];

/**
 * The empties handed in on a refill line (rule 8), checked: the same size and valve as the
 * refill, a brand the store deals in, no more than the quantity, and all of them from a walk-in
 * buyer, who cannot owe (rule 9).
 */
export function lineEmpties(
  index: number,
  line: SaleLineRequest,
  itemOf: (type: SaleItemType, id: string) => SaleItem | undefined,
  hasShop: boolean,
): LineEmpties {
  if (lineTradeType(line) !== 'refill') return { same: 0, swaps: [], owed: 0 };
  const q = line.quantity;
  const given = new Map<string, number>();
  for (const e of emptiesGiven(line)) {
    if (e.count > 0) given.set(e.itemId, (given.get(e.itemId) ?? 0) + e.count);
  }
  const sold = itemOf('cylinder', line.itemId)!;
  const field = lineField(index, 'empties');
  let total = 0;
  for (const [itemId, count] of given) {
    total += count;
    const empty = itemOf('cylinder', itemId);
    if (!empty) throw itemNotFound(field);
    if (empty.size !== sold.size || empty.regulatorType !== sold.regulatorType) {
      throw fieldRefusal(field, {
        message: `Empties of ${empty.name} do not fit a ${sold.size} kg ${sold.regulatorType} mm refill`,
        code: 'empties.wrongSize',
        params: { item: empty.name },
      });
    }
    if (!empty.isActive) {
      throw conflictRefusal(
        {
          message: `${empty.brandName} is not active in this store. Select it under Select Brand to take its empties.`,
          code: 'brand.inactive',
          params: { brand: empty.brandName },
        },
        [{ field, message: 'Brand not active' }],
      );
    }
  }
  if (total > q) {
    throw fieldRefusal(field, {
      message: `More empties (${total}) than refills (${q}) on this line. Take the extra with Collect empties.`,
      code: 'empties.moreThanRefills',
      params: { empties: total, refills: q },
    });
  }
  if (!hasShop && total < q) {
    throw fieldRefusal(field, {
      message: `A walk-in buyer hands in an empty for each refill (${q}, not ${total}), or buys a package`,
      code: 'empties.walkInOwes',
      params: { refills: q, empties: total },
    });
  }
  const same = given.get(line.itemId) ?? 0;
  given.delete(line.itemId);
  return { same, swaps: [...given].map(([itemId, count]) => ({ itemId, count })), owed: hasShop ? q - total : 0 };
}

/** Who buys, the items as they stand, and how far below the tier the seller may go. */
export interface SaleContext {
  shop: { tier: PriceTier } | null;
  itemOf: (type: SaleItemType, id: string) => SaleItem | undefined;
  /** The seller's limit below the tier (rule 14; `sellingLimitFor`); null or absent: none. */
  limit?: SellingLimit | null;
}

/**
 * Prices a sale for the customer (a shop's tier, or retail for a walk-in) and checks it whole:
 * every line's item, brand, price and empties, the discount, the totals and the payments. The
 * first rule broken throws its refusal; otherwise the sale as it will be recorded.
 */
export function priceSale<M extends string>(
  request: SaleRequest<M>,
  context: SaleContext,
  terms: SaleTerms<M> = {},
): PricedSale<M> {
  const { shop, itemOf } = context;
  const limit = context.limit ?? null;
  const tier = tierFor(shop);
  const lines = request.lines.map((line, index) => {
    const item = itemOf(line.itemType, line.itemId);
    if (!item) throw itemNotFound(lineField(index, 'itemId'));
    if (!item.isActive) throw brandInactive(item.brandName, [{ field: lineField(index, 'itemId') }]);
    // Rule 12: a package line takes the package price, and none set is refused.
    const price = linePrice(item, lineTradeType(line), tier, lineField(index, 'itemId'));
    checkShownPrice(terms.expectedUnitPrice === undefined ? undefined : toPoisha(terms.expectedUnitPrice), price);
    const unit = line.unitPrice === undefined ? price : toPoisha(line.unitPrice);
    const priced = { field: lineField(index, 'unitPrice'), itemName: item.name, tier, tierPrice: price, unit };
    checkUnitPrice(priced);
    checkLowestUnitPrice(priced, limit);
    const gross = unit * line.quantity;
    if (gross > MAX_TOTAL_POISHA) throw fieldRefusal(lineField(index, 'quantity'), { message: 'The line total is too large', code: 'sale.lineTooLarge' });
    return { index, line, item, price, unit, gross };
  });
  const empties = request.lines.map((line, index) => lineEmpties(index, line, itemOf, shop !== null));

  const subtotal = sumPoisha(lines.map((l) => l.gross));
  if (terms.total !== undefined && toPoisha(terms.total) > subtotal) {
    throw fieldRefusal('totalAmount', {
      message: `Is more than price × quantity (${takaText(subtotal)})`,
      code: 'sale.totalAboveLines',
      params: { amount: toTaka(subtotal) },
    });
  }
  const discount = terms.total !== undefined ? subtotal - toPoisha(terms.total) : toPoisha(request.discount);
  if (discount > subtotal) {
    throw fieldRefusal('discount', {
      message: `The discount is more than the total (${takaText(subtotal)})`,
      code: 'sale.discountAboveTotal',
      params: { amount: toTaka(subtotal) },
    });
  }
  const total = subtotal - discount;
  if (discount > 0) {
    const lowestTotal = sumPoisha(lines.map((l) => lowestUnitPrice(l.price, limit) * l.line.quantity));
    checkLowestTotal(terms.total !== undefined ? 'totalAmount' : 'discount', total, lowestTotal, limit);
  }
  if (total > MAX_TOTAL_POISHA) throw fieldRefusal('lines', { message: 'The sale total is too large', code: 'sale.totalTooLarge' });
  const payments: SalePaymentRequest<M>[] =
    terms.payInFull === undefined
      ? request.payments
      : terms.payInFull && total > 0
        ? [{ method: terms.payInFull, amount: toTaka(total), ref: null }]
        : [];
  const paid = sumPoisha(payments.map((p) => toPoisha(p.amount)));
  const due = total - paid;
  checkWalkInPayment(shop !== null, total, paid);

  const shares = shareDiscount(
    lines.map((l) => l.gross),
    discount,
  );
  return {
    tier,
    lines: lines.map((l) => ({
      index: l.index,
      item: l.item,
      itemType: l.line.itemType,
      itemId: l.item.id,
      tradeType: lineTradeType(l.line),
      quantity: l.line.quantity,
      tierPrice: l.price,
      unit: l.unit,
      gross: l.gross,
      discountShare: shares[l.index],
      amount: l.gross - shares[l.index],
      lineDiscount: (l.price - l.unit) * l.line.quantity + shares[l.index],
      empties: empties[l.index],
    })),
    subtotal,
    discount,
    total,
    payments,
    paid,
    due,
  };
}

/** A walk-in customer pays the whole total, exactly: only a shop can leave a due or an advance. */
export function checkWalkInPayment(hasShop: boolean, total: Poisha, paid: Poisha) {
  if (hasShop) return;
  if (total - paid > 0) {
    throw fieldRefusal('payments', {
      message: `A walk-in customer pays the whole total (${takaText(total)}). Choose a shop to leave a due.`,
      code: 'sale.walkInPaysAll',
      params: { amount: toTaka(total) },
    });
  }
  if (total - paid < 0) {
    throw fieldRefusal('payments', {
      message: `A walk-in customer pays exactly the total (${takaText(total)})`,
      code: 'sale.walkInPaysExactly',
      params: { amount: toTaka(total) },
    });
  }
}

const NOUNS: Record<SaleItemType, [string, string]> = {
  cylinder: ['full cylinder', 'full cylinders'],
  stove: ['stove', 'stoves'],
  regulator: ['regulator', 'regulators'],
};

/**
 * Why a priced line could not be recorded, from the item as it stands now: not there, its brand
 * switched off, not enough stock (in the store or on the vehicle it is sold from), or its price
 * changed. `nameItem`: a sale of several lines names the item in the words.
 */
export function lineRefusal(args: {
  index: number;
  item: SaleItem;
  quantity: number;
  tier: PriceTier;
  /** Cylinders: refill or package; stoves and regulators: null. */
  tradeType: TradeType | null;
  tierPrice: Poisha;
  nameItem: boolean;
  /** The item now, with what is available where the line sells from; undefined: gone. */
  now: (SaleItem & { available: number }) | undefined;
  /** Sold from this vehicle. */
  vehicle: { name: string } | null;
}): Refusal {
  const { index, item, quantity: q, nameItem, now, vehicle } = args;
  const named = (text: string) => (nameItem ? `${item.name}: ${text}` : `${text[0].toUpperCase()}${text.slice(1)}`);
  const field = lineField(index, 'quantity');
  if (!now) return itemNotFound(lineField(index, 'itemId'));
  if (!now.isActive) return brandInactive(now.brandName);
  const [one, many] = NOUNS[item.type];
  if (now.available < q) {
    const available = now.available;
    if (vehicle) {
      return conflictRefusal(
        {
          message: named(`only ${counted(available, one, many)} on ${vehicle.name}`),
          code: item.type === 'cylinder' ? 'vehicle.notEnoughFull' : 'vehicle.notEnoughStock',
          params: { available, vehicle: vehicle.name, item: item.name },
        },
        [{ field, message: `Only ${available} on the vehicle`, code: 'vehicle.onlyOnVehicle', params: { available } }],
      );
    }
    const params = { available, ...(nameItem ? { item: item.name } : {}) };
    const code = {
      cylinder: nameItem ? 'stock.notEnoughFullOf' : 'stock.notEnoughFull',
      stove: nameItem ? 'stock.notEnoughStovesOf' : 'stock.notEnoughStoves',
      regulator: nameItem ? 'stock.notEnoughRegulatorsOf' : 'stock.notEnoughRegulators',
    }[item.type];
    return conflictRefusal({ message: named(`only ${counted(available, one, many)} in stock`), code, params }, [
      { field, message: `Only ${available} in stock`, code: 'stock.onlyInStock', params: { available } },
    ]);
  }
  const price = linePriceOrNull(now, args.tradeType, args.tier);
  if (price === null) return packagePriceNotSet(now.name, lineField(index, 'itemId'));
  if (price !== args.tierPrice) return priceChangedOf(lineField(index, 'unitPrice'), now.name, args.tier, price);
  return stockChanged();
}

/** A shop's balance after a sale (rule 6): its due before, plus what the sale leaves due (an advance lowers it). */
export const shopBalanceAfter = (before: Poisha, saleDue: Poisha): Poisha => before + saleDue;

/**
 * The empties a shop owes after a sale (rule 9): what it owed, by item, plus each refill line's
 * refills with no empty handed in. Items in the order first owed; none owed is left out.
 */
export function emptiesOwedAfter<E extends { itemId: string; count: number }>(
  before: readonly E[],
  lines: readonly Pick<PricedLine, 'itemId' | 'empties'>[],
  describe: (itemId: string) => Omit<E, 'itemId' | 'count'>,
): E[] {
  const owed = new Map(before.map((e) => [e.itemId, { ...e }]));
  for (const line of lines) {
    if (line.empties.owed <= 0) continue;
    const entry = owed.get(line.itemId) ?? ({ ...describe(line.itemId), itemId: line.itemId, count: 0 } as E);
    owed.set(line.itemId, { ...entry, count: entry.count + line.empties.owed });
  }
  return [...owed.values()].filter((e) => e.count > 0);
}
