// The outbox keeps a sale made offline on the device (IndexedDB).
import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { useAuthStore } from '@mojud/auth';
import '../texts';
import { ok } from '@mojud/api-client/testing';
import { addLine, openSalePage, type User } from './test-utils';

const STORE = { id: '11111111-1111-4111-8111-111111111111', name: 'Bench Gas', role: 'staff' };
const SHOP = '22222222-2222-4222-8222-222222222222';
const B12 = '33333333-3333-4333-8333-333333333333';
const STOVE = '44444444-4444-4444-8444-444444444444';
const O12 = '55555555-5555-4555-8555-555555555555';
const VAN = '66666666-6666-4666-8666-666666666666';
const J12 = '88888888-8888-4888-8888-888888888888';
const SHOP2 = '99999999-9999-4999-8999-999999999999';
const DRIVER = '77777777-7777-4777-8777-777777777777';

const cylinder = {
  id: B12,
  brandId: 'b',
  brandName: 'Bashundhara',
  logoColor: '#000',
  name: 'Bashundhara 12 kg 22 mm',
  price: 1450,
  retailPrice: 1450,
  wholesalePrice: 1400,
  refillCost: 1300,
  packageCost: null,
  packageRetailPrice: 3300,
  packageWholesalePrice: 3250,
  fullCount: 20,
  emptyCount: 0,
  problemCount: 0,
  size: 12,
  regulatorType: 22,
};
// Omera's package price is not set yet (rule 12).
const omera = {
  ...cylinder,
  id: O12,
  brandId: 'o',
  brandName: 'Omera',
  name: 'Omera 12 kg 22 mm',
  fullCount: 5,
  packageRetailPrice: null,
  packageWholesalePrice: null,
};
// Jamuna: no price set and none in stock, so the search leaves it out unless asked.
const jamuna = {
  ...omera,
  id: J12,
  brandId: 'j',
  brandName: 'Jamuna',
  name: 'Jamuna 12 kg 22 mm',
  price: 0,
  retailPrice: 0,
  wholesalePrice: 0,
  fullCount: 0,
};
const van = {
  id: VAN,
  name: 'DHAKA-1',
  regNumber: 'DHAKA-1',
  vehicleBrand: 'Tata',
  vehicleModel: 'Ace',
  monthFuel: 0,
  monthRepair: 0,
  assignedUser: { id: DRIVER, name: 'Jamal' },
  stock: [{ itemType: 'cylinder', itemId: B12, name: 'Bashundhara 12 kg 22 mm', brandName: 'Bashundhara', fullCount: 12, emptyCount: 0, stockCount: 0 }],
  lastClosedAt: null,
};
const stove = {
  id: STOVE,
  name: 'RFL double burner',
  price: 3200,
  retailPrice: 3200,
  wholesalePrice: 3000,
  cost: 2600,
  stockCount: 4,
  problemCount: 0,
};
const shop = {
  id: SHOP,
  name: 'Karim Traders',
  phone: null,
  due: 500,
  divisionId: 'd',
  divisionName: 'Mirpur',
  priceTier: 'wholesale',
  emptiesOwed: [{ itemId: O12, itemName: 'Omera 12 kg 22 mm', brandName: 'Omera', size: 12, regulatorType: 22, count: 2 }],
};

const rahim = { ...shop, id: SHOP2, name: 'Rahim Store', phone: '01711-223344', divisionName: 'Uttara', due: 0, emptiesOwed: [] };

let sellingLimit = 5;
beforeEach(() => {
  sellingLimit = 5;
  useAuthStore.setState({ currentStore: STORE as never });
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url.endsWith('/cylinder-inventory')) return ok([cylinder, omera, jamuna]);
    if (url.endsWith('/vehicles')) return ok({ vehicles: [van] });
    if (url.endsWith('/stove-inventory')) return ok([stove]);
    if (url.endsWith('/regulator-inventory')) return ok([]);
    if (url.endsWith('/shops')) return ok({ shops: [shop, rahim] });
    // This store lets staff go up to 5 % below the price (rule 14).
    if (url.endsWith('/selling-limit')) return ok({ sellingLimit: { staffBelowTierPercent: sellingLimit } });
    throw new Error(`unexpected ${url}`);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  useAuthStore.setState({ user: null });
});

const open = (path = `/sales/new?shop=${SHOP}`) => openSalePage(path);

async function addItems(user: User) {
  await addLine(user, 'bash', 'Add Bashundhara 12 kg 22 mm Refill');
  await addLine(user, 'stove', 'Add RFL double burner');
}

// Long flows of typing: a busy machine types slowly, so these get more than the default 5 s.
describe('SalePage', { timeout: 30_000 }, () => {
  it('sells to the chosen shop at wholesale, with part paid by two methods and the rest left due', async () => {
    // Signed in, the sale goes through the outbox on this device. The server answers when the
    // test says: until then the sale shows as being saved.
    useAuthStore.setState({ user: { id: 'seller-1', username: 'rafiq' } as never });
    let answer = () => {};
    const post = vi.spyOn(api, 'post').mockImplementation(
      () => new Promise((resolve) => (answer = () => resolve(ok({ sale: { id: 'sale-1', number: 'S-000007' } })))) as never,
    );
    const user = userEvent.setup();
    open();
    expect(await screen.findByText('Wholesale prices')).toBeInTheDocument();
    await addItems(user);
    await user.click(screen.getByRole('button', { name: 'One more Bashundhara 12 kg 22 mm · Refill' }));
    // 2 × 1,400 + 3,000 = 5,800, less 100 off the whole.
    await user.type(screen.getByLabelText('Discount'), '100');
    expect(screen.getByTestId('sale-total')).toHaveTextContent('Tk 5,700');
    const first = screen.getByRole('group', { name: 'Payment 1' });
    await user.type(within(first).getByLabelText('Amount'), '3000');
    await user.click(screen.getByRole('button', { name: 'Add a payment' }));
    const second = screen.getByRole('group', { name: 'Payment 2' });
    expect(within(second).getByLabelText('Payment Method')).toHaveValue('mobile');
    await user.type(within(second).getByLabelText('Amount'), '1500');
    await user.type(within(second).getByLabelText('Reference'), 'BK-991');
    expect(screen.getByTestId('sale-due')).toHaveTextContent('Tk 1,200');
    await user.click(screen.getByRole('button', { name: 'Finish sale · Tk 5,700' }));
    // Confirmed at once: the receipt worked out here, marked "Saving…", before the server answers.
    const receipt = await screen.findByRole('article', { name: 'Receipt, not yet sent' });
    expect(within(receipt).getByTestId('receipt-pending')).toHaveTextContent('Saving…');
    expect(screen.getByRole('heading', { name: 'Sale confirmed, saving…' })).toBeInTheDocument();
    await vi.waitFor(() => expect(post).toHaveBeenCalled());
    answer();
    expect(await screen.findByText('receipt page')).toBeInTheDocument();
    const [url, body, config] = post.mock.calls[0];
    expect(url).toBe(`/stores/${STORE.id}/sales`);
    expect(body).toEqual({
      shopId: SHOP,
      lines: [
        { itemType: 'cylinder', itemId: B12, tradeType: 'refill', quantity: 2 },
        { itemType: 'stove', itemId: STOVE, quantity: 1 },
      ],
      discount: 100,
      payments: [
        { method: 'cash', amount: 3000, ref: null },
        { method: 'mobile', amount: 1500, ref: 'BK-991' },
      ],
      note: null,
      vehicleId: null,
    });
    expect((config?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
  });

  it("a driver sells from their own van: 8 refills, 5 of their empties and 2 Omera in, 1 owed", async () => {
    useAuthStore.setState({ user: { id: DRIVER, username: 'jamal' } as never });
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ sale: { id: 'sale-2', number: 'S-000008' } }) as never);
    const user = userEvent.setup();
    open();
    // The shop's empties owed are shown, and the driver's van is chosen with what it carries.
    expect(await screen.findByTestId('shop-owes')).toHaveTextContent('Karim Traders owes empties: 2 × Omera 12 kg 22 mm');
    expect(await screen.findByLabelText('Sell from')).toHaveValue(VAN);
    await user.type(screen.getByLabelText('Find an item'), 'bash');
    expect(screen.getByText('On DHAKA-1: 12 full')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Bashundhara 12 kg 22 mm Refill' }));
    const name = 'Bashundhara 12 kg 22 mm';
    // The quantity box never goes below 1: select what is there and type over it.
    await user.tripleClick(screen.getByLabelText(`Quantity of ${name} · Refill`));
    await user.keyboard('8');
    await user.clear(screen.getByLabelText(`Empties 1 handed in for ${name}`));
    await user.type(screen.getByLabelText(`Empties 1 handed in for ${name}`), '5');
    await user.click(screen.getByRole('button', { name: `Another brand of empties for ${name}` }));
    expect(screen.getByLabelText(`Brand of empties 2 for ${name}`)).toHaveValue(O12);
    await user.clear(screen.getByLabelText(`Empties 2 handed in for ${name}`));
    await user.type(screen.getByLabelText(`Empties 2 handed in for ${name}`), '2');
    expect(screen.getByTestId('line-owes')).toHaveTextContent('Owes 1 empty');
    expect(screen.getByTestId('sale-empties')).toHaveTextContent('Empties: 7 in, 1 owed');
    await user.click(screen.getByRole('button', { name: 'Finish sale · Tk 11,200' }));
    expect(await screen.findByText('receipt page')).toBeInTheDocument();
    expect(post.mock.calls[0][1]).toMatchObject({
      shopId: SHOP,
      vehicleId: VAN,
      lines: [
        {
          itemId: B12,
          quantity: 8,
          empties: [
            { itemId: B12, count: 5 },
            { itemId: O12, count: 2 },
          ],
        },
      ],
    });
  });

  it('asks a walk-in buyer to pay in full; the server’s refusal turns the confirmed sale into "not recorded", never a receipt', async () => {
    useAuthStore.setState({ user: { id: 'seller-1', username: 'rafiq' } as never });
    const post = vi.spyOn(api, 'post').mockRejectedValue({
      status: 409,
      message: 'Bashundhara 12 kg 22 mm: only 1 full cylinders in stock',
      errors: [
        { field: 'lines.0.quantity', message: 'Bashundhara 12 kg 22 mm: only 1 full cylinders in stock' },
      ],
    });
    const user = userEvent.setup();
    open('/sales/new');
    expect(await screen.findByText('Retail prices')).toBeInTheDocument();
    await addItems(user);
    expect(screen.getByTestId('sale-total')).toHaveTextContent('Tk 4,650');
    await user.click(screen.getByRole('button', { name: 'Finish sale · Tk 4,650' }));
    expect(await screen.findAllByText(/A walk-in customer pays the whole total/, {}, { timeout: 5000 })).not.toHaveLength(0);
    expect(post).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Paid in full' }));
    expect(within(screen.getByRole('group', { name: 'Payment 1' })).getByLabelText('Amount')).toHaveValue('4,650');
    await user.click(screen.getByRole('button', { name: 'Finish sale · Tk 4,650' }));
    // The outbox sends it behind the screen: on a busy machine its refusal can take over a second.
    expect(
      await screen.findAllByText('Bashundhara 12 kg 22 mm: only 1 full cylinders in stock', {}, { timeout: 10_000 }),
    ).not.toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Sale not recorded' })).toBeInTheDocument();
    expect(screen.getByText(/waits under "Needs attention"/)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByText('receipt page')).not.toBeInTheDocument();
  });

  it('refuses before the tap what the server would, with its words: a walk-in short of empties, a discount above the total', async () => {
    const post = vi.spyOn(api, 'post');
    const user = userEvent.setup();
    open('/sales/new');
    await addItems(user);
    const name = 'Bashundhara 12 kg 22 mm';
    await user.clear(screen.getByLabelText(`Empties 1 handed in for ${name}`));
    await user.type(screen.getByLabelText(`Empties 1 handed in for ${name}`), '0');
    const shortfall = 'A walk-in buyer hands in an empty for each refill (1, not 0), or buys a package';
    expect(screen.getByRole('alert')).toHaveTextContent(shortfall);
    await user.click(screen.getByRole('button', { name: 'Paid in full' }));
    await user.click(screen.getByRole('button', { name: 'Finish sale · Tk 4,650' }));
    expect(await screen.findAllByText(shortfall)).toHaveLength(2);
    await user.clear(screen.getByLabelText(`Empties 1 handed in for ${name}`));
    await user.type(screen.getByLabelText(`Empties 1 handed in for ${name}`), '1');
    await user.type(screen.getByLabelText('Discount'), '5000');
    await user.click(screen.getByRole('button', { name: 'Finish sale · -Tk 350' }));
    expect(await screen.findAllByText('The discount is more than the total (Tk 4650.00)')).not.toHaveLength(0);
    expect(post).not.toHaveBeenCalled();
  });

  it('shows staff how much they may take off before the tap, and refuses more in the server’s words (rule 14)', async () => {
    const post = vi.spyOn(api, 'post');
    const user = userEvent.setup();
    open('/sales/new');
    await addItems(user);
    // Walk-in at retail: 1,450 + 3,200 = 4,650; 5 % below is 72.50 + 160 = Tk 232.50 off at most.
    expect(await screen.findByText(/You may take up to Tk 232\.5\d* off this sale \(5% below the price\)/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Discount'), '300');
    await user.click(screen.getByRole('button', { name: 'Paid in full' }));
    await user.click(screen.getByRole('button', { name: 'Finish sale · Tk 4,350' }));
    expect(await screen.findAllByText(/Staff may sell at most 5% below the (tier )?price: the total may not be less than Tk 4,?417\.5/)).not.toHaveLength(0);
    expect(post).not.toHaveBeenCalled();
  });

  it('offers a package at its own price per tier, and says before the tap that a package with no price cannot be sold (rule 12)', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ sale: { id: 'sale-1', number: 'S-000008' } }) as never);
    const user = userEvent.setup();
    open('/sales/new');
    await user.type(await screen.findByLabelText('Find an item'), 'omera');
    // No package price: no button pretending to sell one, and the rule's words instead.
    expect(await screen.findByRole('button', { name: 'Add Omera 12 kg 22 mm Refill' })).toHaveTextContent('Refill Tk 1,450');
    expect(screen.queryByRole('button', { name: 'Add Omera 12 kg 22 mm Package' })).not.toBeInTheDocument();
    expect(screen.getByTestId('package-not-set')).toHaveTextContent('Set the package price of Omera 12 kg 22 mm first');
    await user.clear(screen.getByLabelText('Find an item'));
    await user.type(screen.getByLabelText('Find an item'), 'bash');
    // A walk-in pays the package retail price, never the refill's.
    const pkg = await screen.findByRole('button', { name: 'Add Bashundhara 12 kg 22 mm Package' });
    expect(pkg).toHaveTextContent('Package Tk 3,300');
    await user.click(pkg);
    expect(screen.getByTestId('sale-total')).toHaveTextContent('Tk 3,300');
    // A shop pays the package wholesale price.
    await user.selectOptions(screen.getByLabelText('Customer'), SHOP);
    expect(screen.getByTestId('sale-total')).toHaveTextContent('Tk 3,250');
    await user.click(screen.getByRole('button', { name: 'Finish sale · Tk 3,250' }));
    expect(await screen.findByText('receipt page')).toBeInTheDocument();
    // The server prices the line (also when it lands from the offline queue): the body names the trade type, not a price.
    expect(post.mock.calls[0][1]).toMatchObject({
      shopId: SHOP,
      lines: [{ itemType: 'cylinder', itemId: B12, tradeType: 'package', quantity: 1 }],
    });
  });

  it('a store that lets staff sell only at the price says so under the discount', async () => {
    sellingLimit = 0;
    const user = userEvent.setup();
    open('/sales/new');
    await addItems(user);
    expect(await screen.findByText('Staff sell at the price: a discount needs a manager.')).toBeInTheDocument();
  });

  it('finds the customer by name, phone (as typed, in either digits) or area, and picks it with one tap', async () => {
    const user = userEvent.setup();
    open('/sales/new');
    const find = await screen.findByLabelText('Find a customer');
    const results = () => within(screen.getByRole('list', { name: 'Customers' })).queryAllByRole('button').map((b) => b.textContent);
    await user.type(find, '01711223344');
    expect(results()).toEqual([expect.stringContaining('Rahim Store · Uttara')]);
    await user.clear(find);
    await user.type(find, '০১৭১১');
    expect(results()).toEqual([expect.stringContaining('Rahim Store')]);
    await user.clear(find);
    await user.type(find, 'mirpur');
    expect(results()).toEqual([expect.stringContaining('Karim Traders · Mirpur')]);
    await user.clear(find);
    await user.type(find, 'nobody');
    expect(screen.getByText('No shop matches “nobody”')).toBeInTheDocument();
    await user.clear(find);
    await user.type(find, 'karim');
    await user.click(screen.getByRole('button', { name: /Karim Traders · Mirpur/ }));
    expect(screen.getByLabelText('Customer')).toHaveValue(SHOP);
    expect(screen.getByText('Wholesale prices')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Customers' })).not.toBeInTheDocument();
  });

  it('leaves out items with no price and no stock until "Show all items" is ticked', async () => {
    const user = userEvent.setup();
    open('/sales/new');
    await user.type(await screen.findByLabelText('Find an item'), '12 kg');
    const results = screen.getByRole('list', { name: 'Items' });
    expect(within(results).getByText('Bashundhara 12 kg 22 mm')).toBeInTheDocument();
    expect(within(results).queryByText('Jamuna 12 kg 22 mm')).not.toBeInTheDocument();
    expect(screen.getByTestId('hidden-items')).toHaveTextContent('1 item with no price and no stock is left out');
    await user.click(screen.getByLabelText('Show all items'));
    expect(within(results).getByText('Jamuna 12 kg 22 mm')).toBeInTheDocument();
    expect(screen.queryByTestId('hidden-items')).not.toBeInTheDocument();
  });

  it('lets staff change a line’s price within their limit, and refuses beyond it beside the price (rule 14)', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ sale: { id: 'sale-9', number: 'S-000009' } }) as never);
    const user = userEvent.setup();
    open('/sales/new');
    await user.type(await screen.findByLabelText('Find an item'), 'bash');
    await user.click(await screen.findByRole('button', { name: 'Add Bashundhara 12 kg 22 mm Refill' }));
    const price = screen.getByLabelText('Price of one Bashundhara 12 kg 22 mm · Refill');
    expect(price).toHaveValue('1,450');
    // 5 % below Tk 1,450 is Tk 1,377.50: said under the price before anything is typed.
    expect(screen.getByText('Lowest Tk 1,377.5')).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '1300');
    expect(screen.getByTestId('line-total')).toHaveTextContent('Tk 1,300');
    expect(screen.getByRole('alert')).toHaveTextContent(/5%/);
    await user.click(screen.getByRole('button', { name: 'Paid in full' }));
    await user.click(screen.getByRole('button', { name: 'Finish sale · Tk 1,300' }));
    expect(post).not.toHaveBeenCalled();
    await user.clear(price);
    await user.type(price, '1400');
    expect(price).toHaveValue('1,400');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Paid in full' }));
    await user.click(screen.getByRole('button', { name: 'Finish sale · Tk 1,400' }));
    expect(await screen.findByText('receipt page')).toBeInTheDocument();
    expect(post.mock.calls[0][1]).toMatchObject({ lines: [{ itemId: B12, quantity: 1, unitPrice: 1400 }], payments: [{ amount: 1400 }] });
  });

  it('a manager may set any price below the tier, not above it', async () => {
    useAuthStore.setState({ currentStore: { ...STORE, role: 'manager' } as never });
    const user = userEvent.setup();
    open('/sales/new');
    await user.type(await screen.findByLabelText('Find an item'), 'stove');
    await user.click(await screen.findByRole('button', { name: 'Add RFL double burner' }));
    const price = screen.getByLabelText('Price of one RFL double burner');
    expect(screen.getByText('Up to Tk 3,200')).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '1000');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '3500');
    expect(screen.getByRole('alert')).toHaveTextContent(/Tk 3,?200/);
  });

  it('shows thousands separators in amounts while they are typed', async () => {
    const user = userEvent.setup();
    open('/sales/new');
    await addItems(user);
    await user.type(screen.getByLabelText('Discount'), '1250.5');
    expect(screen.getByLabelText('Discount')).toHaveValue('1,250.5');
    const amount = within(screen.getByRole('group', { name: 'Payment 1' })).getByLabelText('Amount');
    await user.type(amount, '125000');
    expect(amount).toHaveValue('1,25,000');
  });

  it('offline: the sale’s receipt shows at once, not yet sent, with the shop’s new balance and the counts after it', async () => {
    useAuthStore.setState({ user: { id: 'seller-1', username: 'rafiq', firstName: 'Rafiq', lastName: null } as never });
    // No answer from the server: the outbox keeps the sale.
    const post = vi.spyOn(api, 'post').mockRejectedValue({ status: null, message: 'Network Error' });
    const user = userEvent.setup();
    open();
    expect(await screen.findByText('Wholesale prices')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Find an item'), 'bash');
    await user.click(await screen.findByRole('button', { name: 'Add Bashundhara 12 kg 22 mm Refill' }));
    await user.click(screen.getByRole('button', { name: 'One more Bashundhara 12 kg 22 mm · Refill' }));
    const first = screen.getByRole('group', { name: 'Payment 1' });
    await user.type(within(first).getByLabelText('Amount'), '1000');
    // 2 × 1,400 = 2,800, 1,000 paid: 1,800 more on Karim's 500.
    await user.click(screen.getByRole('button', { name: 'Finish sale · Tk 2,800' }));
    const receipt = await screen.findByRole('article', { name: 'Receipt, not yet sent' });
    // On screen with the tap; the send follows once the outbox has stored it.
    await vi.waitFor(() => expect(post).toHaveBeenCalled());
    // Saving… until the send finds no network; then it waits on this device.
    await vi.waitFor(() => expect(within(receipt).getByTestId('receipt-pending')).toHaveTextContent('Not yet sent'));
    expect(screen.getByRole('heading', { name: 'Sale saved on this device' })).toBeInTheDocument();
    expect(within(receipt).getByText('Karim Traders')).toBeInTheDocument();
    expect(within(receipt).getByTestId('receipt-due')).toHaveTextContent('Tk 1,800');
    expect(within(receipt).getByTestId('receipt-balance-after')).toHaveTextContent('Tk 2,300');
    // Two Omera owed before; both Bashundhara refills came with their empties.
    expect(within(receipt).getByTestId('receipt-empties-owed')).toHaveTextContent('Omera');
    expect(screen.getByTestId('counts-after')).toHaveTextContent('Bashundhara 12 kg 22 mm full 18 · empty 2');
    await user.click(screen.getByRole('button', { name: 'New sale' }));
    expect(screen.getByText('Nothing added yet. Find an item above and tap its price.')).toBeInTheDocument();
  });
});
