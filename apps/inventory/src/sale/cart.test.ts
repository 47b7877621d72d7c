import { describe, expect, it } from 'vitest';
import { cartReducer, cartTotals, emptyCart, lineEmpties, lineEmptiesOwed, MAX_LINES, saleBody, type Cart } from './cart';

const refill = {
  kind: 'cylinder' as const,
  itemId: 'b12',
  name: 'Bashundhara 12 kg',
  tradeType: 'refill' as const,
  tierPrice: 1450,
};
const stove = {
  kind: 'stove' as const,
  itemId: 'st',
  name: 'RFL double',
  tradeType: null,
  tierPrice: 2850.5,
};

const run = (...actions: Parameters<typeof cartReducer>[1][]) =>
  actions.reduce<Cart>(cartReducer, emptyCart());

describe('the sale being put together', () => {
  it('adds the same item twice as one line, and keeps refill and package apart', () => {
    const cart = run(
      { type: 'add', line: refill },
      { type: 'add', line: refill },
      { type: 'add', line: { ...refill, tradeType: 'package', tierPrice: 3900 } },
    );
    expect(cart.lines.map((l) => [l.tradeType, l.quantity])).toEqual([
      ['refill', 2],
      ['package', 1],
    ]);
  });

  it('works total, discount, paid and due in poisha, and a part payment leaves the rest due', () => {
    const cart = run(
      { type: 'add', line: refill, quantity: 3 },
      { type: 'add', line: stove },
      { type: 'discount', value: '50.5' },
      { type: 'payment', index: 0, patch: { amount: '3000' } },
      { type: 'addPayment' },
      { type: 'payment', index: 1, patch: { amount: '1000.25' } },
    );
    expect(cartTotals(cart)).toEqual({
      subtotal: 7200.5,
      discount: 50.5,
      total: 7150,
      paid: 4000.25,
      due: 3149.75,
    });
    expect(cart.payments.map((p) => p.paymentMethod)).toEqual(['cash', 'mobile']);
  });

  it('pays the rest in one tap, never a quantity below 1, and at most 50 lines', () => {
    let cart = run({ type: 'add', line: refill, quantity: 2 }, { type: 'addPayment' });
    cart = cartReducer(cart, { type: 'payment', index: 1, patch: { amount: '900' } });
    cart = cartReducer(cart, { type: 'payAll' });
    expect(cartTotals(cart).due).toBe(0);
    cart = cartReducer(cart, { type: 'quantity', key: cart.lines[0].key, quantity: 0 });
    expect(cart.lines[0].quantity).toBe(1);
    let full = emptyCart();
    for (let i = 0; i < MAX_LINES + 3; i++)
      full = cartReducer(full, { type: 'add', line: { ...stove, itemId: `s${i}` } });
    expect(full.lines).toHaveLength(MAX_LINES);
  });
});

describe('the empties handed in on a refill line', () => {
  it('default to the quantity of the same brand and are then left to the server', () => {
    const cart = run({ type: 'add', line: refill }, { type: 'quantity', key: 'cylinder:b12:refill', quantity: 8 });
    expect(lineEmpties(cart.lines[0])).toEqual([{ itemId: 'b12', count: 8 }]);
    expect(lineEmptiesOwed(cart.lines[0])).toBe(0);
    expect(saleBody(cart, 'shop', '').lines[0]).not.toHaveProperty('empties');
  });

  it('once typed, are sent by brand (a swap, a shortfall) and what stays owed is counted', () => {
    const cart = run(
      { type: 'add', line: refill },
      { type: 'quantity', key: 'cylinder:b12:refill', quantity: 8 },
      {
        type: 'empties',
        key: 'cylinder:b12:refill',
        empties: [
          { itemId: 'b12', count: '5' },
          { itemId: 'o12', count: '2' },
          { itemId: 'j12', count: '' },
        ],
      },
    );
    expect(lineEmptiesOwed(cart.lines[0])).toBe(1);
    expect(saleBody(cart, 'shop', '', 'van').lines[0].empties).toEqual([
      { itemId: 'b12', count: 5 },
      { itemId: 'o12', count: 2 },
    ]);
    expect(saleBody(cart, 'shop', '', 'van').vehicleId).toBe('van');
    // A package takes no empties in.
    expect(lineEmpties({ ...cart.lines[0], tradeType: 'package' })).toEqual([]);
  });
});
