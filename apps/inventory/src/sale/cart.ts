// The sale being put together on the sale screen: lines, discount and payments, with every sum
// worked in whole poisha so 0.1 × 3 is 0.3. The server works the same figures again and is the
// one that counts; these are what the seller sees before the one tap.
import { numberText, parseNumber } from '@mojud/design-system';

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
  unitPrice: number;
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

const poisha = (taka: number) => Math.round(taka * 100);
const taka = (p: number) => p / 100;
/** A typed amount, in Bengali or Latin digits; blank or not a number counts as 0. */
export const typed = (value: string) => {
  const n = parseNumber(value);
  return n === undefined || !Number.isFinite(n) ? 0 : n;
};

export const lineTotal = (line: Pick<CartLine, 'quantity' | 'unitPrice'>) =>
  taka(poisha(line.unitPrice) * line.quantity);

export function cartTotals(cart: Cart) {
  const subtotalP = cart.lines.reduce((sum, line) => sum + poisha(line.unitPrice) * line.quantity, 0);
  const discountP = poisha(typed(cart.discount));
  const totalP = subtotalP - discountP;
  const paidP = cart.payments.reduce((sum, p) => sum + poisha(typed(p.amount)), 0);
  return {
    subtotal: taka(subtotalP),
    discount: taka(discountP),
    total: taka(totalP),
    paid: taka(paidP),
    /** What stays on the shop's due; negative is an advance. */
    due: taka(totalP - paidP),
  };
}

/** The empties a refill line takes in, as counted: the typed rows, or the default. */
export function lineEmpties(line: Pick<CartLine, 'itemId' | 'quantity' | 'tradeType' | 'empties'>) {
  if (line.tradeType !== 'refill') return [];
  if (!line.empties) return [{ itemId: line.itemId, count: line.quantity }];
  return line.empties.map((e) => ({ itemId: e.itemId, count: Math.max(0, Math.floor(typed(e.count))) }));
}

/** Refills on the line the customer hands no empty in for (negative: more empties than refills). */
export const lineEmptiesOwed = (line: Pick<CartLine, 'itemId' | 'quantity' | 'tradeType' | 'empties'>) =>
  line.tradeType === 'refill' ? line.quantity - lineEmpties(line).reduce((a, e) => a + e.count, 0) : 0;

export type CartAction =
  | { type: 'add'; line: Omit<CartLine, 'key' | 'quantity' | 'empties'>; quantity?: number }
  | { type: 'empties'; key: string; empties: CartEmpties[] | null }
  | { type: 'quantity'; key: string; quantity: number }
  | { type: 'remove'; key: string }
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
      return { ...cart, lines: [...cart.lines, { ...action.line, key, quantity, empties: null }] };
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
    case 'prices':
      return { ...cart, lines: cart.lines.map((l) => ({ ...l, unitPrice: action.priceOf(l) })) };
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
      const others = cart.payments.slice(1).reduce((sum, p) => sum + poisha(typed(p.amount)), 0);
      const rest = Math.max(0, poisha(total) - others);
      return cartReducer(cart, { type: 'payment', index: 0, patch: { amount: numberText(taka(rest)) } });
    }
    case 'clear':
      return emptyCart();
  }
}

/** The request body, for the contract's schema to check; the server applies the tier prices. */
export function saleBody(cart: Cart, shopId: string | null, note: string, vehicleId: string | null = null) {
  return {
    shopId,
    ...(vehicleId ? { vehicleId } : {}),
    lines: cart.lines.map((l) => ({
      itemType: l.kind,
      itemId: l.itemId,
      ...(l.tradeType ? { tradeType: l.tradeType } : {}),
      quantity: l.quantity,
      // Sent only once changed: the server's default is the quantity of the same brand.
      ...(l.tradeType === 'refill' && l.empties ? { empties: lineEmpties(l).filter((e) => e.count > 0) } : {}),
    })),
    discount: typed(cart.discount),
    // A payment row left blank is no payment.
    payments: cart.payments
      .filter((p) => p.amount.trim() !== '')
      .map((p) => ({ method: p.paymentMethod, amount: parseNumber(p.amount) ?? Number.NaN, ref: p.ref.trim() || null })),
    note: note.trim() || null,
  };
}
