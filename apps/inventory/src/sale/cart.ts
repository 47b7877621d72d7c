// The sale being put together on the sale screen: lines, discount and payments as typed, and
// the figures the seller sees before the one tap, summed in whole poisha by libs/domain so
// 0.1 × 3 is 0.3. The rules themselves (prices, empties, who may owe) are the domain's too: the
// page checks the sale with its priceSale, and the server checks it again.
import { emptiesGiven, lineTradeType, sumPoisha, toPoisha, toTaka } from '@mojud/domain';
import { groupTyped, numberText, parseNumber } from '@mojud/design-system';

export type LineKind = 'cylinder' | 'stove' | 'regulator';
export type LineTradeType = 'refill' | 'package';

export interface CartLine {
  /** One line per item and trade type: adding the same again raises its quantity. */
  key: string;
  kind: LineKind;
  itemId: string;
  name: string;
  tradeType: LineTradeType | null;
  quantity: number;
  /** The customer's tier price of the line (taka): what it sells at unless the seller changes it. */
  tierPrice: number;
  /** The unit price charged (taka): the tier price, or the price as typed. */
  unitPrice: number;
  /** The unit price as the seller typed it (rule 14); null: the tier price. */
  priceText: string | null;
  /**
   * Refill lines: the empties handed in, by brand (DEALER.md rule 8), as typed. null until the
   * seller changes them: then as many as the quantity, of the same brand.
   */
  empties: CartEmpties[] | null;
}

export interface CartEmpties {
  itemId: string;
  count: string;
}

/** A payment as typed: the design system's payment draft, by cash, bank or mobile. */
export interface CartPayment {
  paymentMethod: 'cash' | 'bank' | 'mobile';
  amount: string;
  ref: string;
  /** The store's account it is paid into (rule 15); absent: the method's default. */
  accountId?: string;
}

export interface Cart {
  lines: CartLine[];
  discount: string;
  payments: CartPayment[];
}

export const MAX_LINES = 50;

export const emptyCart = (): Cart => ({
  lines: [],
  discount: '',
  payments: [{ paymentMethod: 'cash', amount: '', ref: '' }],
});

export const lineKey = (kind: LineKind, itemId: string, tradeType: LineTradeType | null) =>
  `${kind}:${itemId}:${tradeType ?? '-'}`;

/** A typed amount, in Bengali or Latin digits; blank or not a number counts as 0. */
export const typed = (value: string) => {
  const n = parseNumber(value);
  return n === undefined || !Number.isFinite(n) ? 0 : n;
};

const grossOf = (line: Pick<CartLine, 'quantity' | 'unitPrice'>) => toPoisha(line.unitPrice) * line.quantity;
const paidOf = (payments: CartPayment[]) => sumPoisha(payments.map((p) => toPoisha(typed(p.amount))));

export const lineTotal = (line: Pick<CartLine, 'quantity' | 'unitPrice'>) => toTaka(grossOf(line));

/** The figures as typed, whatever the rules will say of them (a discount above the total shows as a negative total). */
export function cartTotals(cart: Cart) {
  const subtotalP = sumPoisha(cart.lines.map(grossOf));
  const discountP = toPoisha(typed(cart.discount));
  const totalP = subtotalP - discountP;
  const paidP = paidOf(cart.payments);
  return {
    subtotal: toTaka(subtotalP),
    discount: toTaka(discountP),
    total: toTaka(totalP),
    paid: toTaka(paidP),
    /** What stays on the shop's due; negative is an advance. */
    due: toTaka(totalP - paidP),
  };
}

type EmptiesOfLine = Pick<CartLine, 'kind' | 'itemId' | 'quantity' | 'tradeType' | 'empties'>;

/** The empties a line takes in, as counted: the typed rows, or (untouched) the domain's default. */
export function lineEmpties(line: EmptiesOfLine) {
  return emptiesGiven({
    itemType: line.kind,
    itemId: line.itemId,
    quantity: line.quantity,
    tradeType: line.tradeType ?? undefined,
    empties: line.empties?.map((e) => ({ itemId: e.itemId, count: Math.max(0, Math.floor(typed(e.count))) })),
  });
}

/** Refills on the line with no empty handed in for them (negative: more empties than refills). */
export const lineEmptiesOwed = (line: EmptiesOfLine) =>
  lineTradeType({ itemType: line.kind, tradeType: line.tradeType ?? undefined }) === 'refill'
    ? line.quantity - lineEmpties(line).reduce((a, e) => a + e.count, 0)
    : 0;

export type CartAction =
  | { type: 'add'; line: Omit<CartLine, 'key' | 'quantity' | 'empties' | 'unitPrice' | 'priceText'>; quantity?: number }
  | { type: 'unitPrice'; key: string; text: string }
  | { type: 'empties'; key: string; empties: CartEmpties[] | null }
  | { type: 'quantity'; key: string; quantity: number }
  | { type: 'remove'; key: string }
  /** The customer changed: every line takes the new tier's price, typed prices are dropped. */
  | { type: 'prices'; priceOf: (line: CartLine) => number }
  | { type: 'discount'; value: string }
  | { type: 'payment'; index: number; patch: Partial<CartPayment> }
  | { type: 'addPayment' }
  | { type: 'removePayment'; index: number }
  | { type: 'payAll' }
  | { type: 'clear' };

export function cartReducer(cart: Cart, action: CartAction): Cart {
  switch (action.type) {
    case 'add': {
      const key = lineKey(action.line.kind, action.line.itemId, action.line.tradeType);
      const quantity = action.quantity ?? 1;
      const existing = cart.lines.find((l) => l.key === key);
      if (existing)
        return {
          ...cart,
          lines: cart.lines.map((l) => (l.key === key ? { ...l, quantity: l.quantity + quantity } : l)),
        };
      if (cart.lines.length >= MAX_LINES) return cart;
      return {
        ...cart,
        lines: [...cart.lines, { ...action.line, key, quantity, empties: null, unitPrice: action.line.tierPrice, priceText: null }],
      };
    }
    case 'quantity':
      return {
        ...cart,
        lines: cart.lines.map((l) =>
          l.key === action.key ? { ...l, quantity: Math.max(1, Math.floor(action.quantity) || 1) } : l,
        ),
      };
    case 'empties':
      return { ...cart, lines: cart.lines.map((l) => (l.key === action.key ? { ...l, empties: action.empties } : l)) };
    case 'remove':
      return { ...cart, lines: cart.lines.filter((l) => l.key !== action.key) };
    case 'unitPrice':
      return {
        ...cart,
        lines: cart.lines.map((l) => (l.key === action.key ? { ...l, priceText: action.text, unitPrice: typed(action.text) } : l)),
      };
    case 'prices':
      return {
        ...cart,
        lines: cart.lines.map((l) => {
          const tierPrice = action.priceOf(l);
          return { ...l, tierPrice, unitPrice: tierPrice, priceText: null };
        }),
      };
    case 'discount':
      return { ...cart, discount: action.value };
    case 'payment':
      return {
        ...cart,
        payments: cart.payments.map((p, i) => (i === action.index ? { ...p, ...action.patch } : p)),
      };
    case 'addPayment': {
      const used = new Set(cart.payments.map((p) => p.paymentMethod));
      const paymentMethod = (['cash', 'mobile', 'bank'] as const).find((m) => !used.has(m));
      return paymentMethod
        ? { ...cart, payments: [...cart.payments, { paymentMethod, amount: '', ref: '' }] }
        : cart;
    }
    case 'removePayment':
      return cart.payments.length > 1
        ? { ...cart, payments: cart.payments.filter((_, i) => i !== action.index) }
        : cart;
    case 'payAll': {
      // The first payment takes what the others leave, so "paid in full" is one tap.
      const { total } = cartTotals(cart);
      const rest = Math.max(0, toPoisha(total) - paidOf(cart.payments.slice(1)));
      return cartReducer(cart, { type: 'payment', index: 0, patch: { amount: groupTyped(numberText(toTaka(rest))) } });
    }
    case 'clear':
      return emptyCart();
  }
}

/** The request body, for the contract's schema to check; the server applies the tier prices unless a line's price was typed. */
export function saleBody(cart: Cart, shopId: string | null, note: string, vehicleId: string | null = null) {
  return {
    shopId,
    ...(vehicleId ? { vehicleId } : {}),
    lines: cart.lines.map((l) => ({
      itemType: l.kind,
      itemId: l.itemId,
      ...(l.tradeType ? { tradeType: l.tradeType } : {}),
      quantity: l.quantity,
      // A price the seller typed (rule 14; blank is not a price, for the schema to say so).
      ...(l.priceText !== null && toPoisha(l.unitPrice) !== toPoisha(l.tierPrice) ? { unitPrice: parseNumber(l.priceText) ?? Number.NaN } : {}),
      // Sent only once changed: the server's default is the quantity of the same brand.
      ...(l.tradeType === 'refill' && l.empties ? { empties: lineEmpties(l).filter((e) => e.count > 0) } : {}),
    })),
    discount: typed(cart.discount),
    // A payment row left blank is no payment.
    payments: cart.payments
      .filter((p) => p.amount.trim() !== '')
      .map((p) => ({
        method: p.paymentMethod,
        amount: parseNumber(p.amount) ?? Number.NaN,
        ref: p.ref.trim() || null,
        ...(p.accountId ? { accountId: p.accountId } : {}),
      })),
    note: note.trim() || null,
  };
}
