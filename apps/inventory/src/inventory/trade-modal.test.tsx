import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { notify } from '@mojud/design-system';
import '../texts';
import { ok, renderWithQuery } from '@mojud/api-client/testing';
import { TradeModal } from './trade-modal';
import { cylinder, item, STORE } from './trade-test-item';


/** How far below the price this store's staff may sell (rule 14); the modal is opened by staff. */
let sellingLimit = 10;
const SUPPLIER = '33333333-3333-4333-8333-333333333333';
const BANK = { id: '44444444-4444-4444-8444-444444444444', kind: 'bank', family: 'bank', provider: null, walletType: null, number: '1102', name: 'City Bank', isDefault: true, archived: false };
const NAGAD = { id: '55555555-5555-4555-8555-555555555555', kind: 'wallet', family: 'mobile', provider: 'nagad', walletType: 'merchant', number: '01819556677', name: null, isDefault: true, archived: false };
// A refill sale (the default) loads the store's cylinders, for the brand of the empties handed in.
beforeEach(() => {
  sellingLimit = 10;
  const unmocked = api.get.bind(api);
  vi.spyOn(api, 'get').mockImplementation(async (url: string, config) =>
    url === `/stores/${STORE}/cylinder-inventory`
      ? ok([cylinder])
      : url === `/stores/${STORE}/selling-limit`
        ? ok({ sellingLimit: { staffBelowTierPercent: sellingLimit } })
        : url === `/stores/${STORE}/suppliers`
          ? ok({ totalPayable: 0, suppliers: [{ id: SUPPLIER, name: 'Omera LPG', phone: null, address: null, payable: 0 }] })
          : url === `/stores/${STORE}/accounts`
            ? ok({ accounts: [BANK, NAGAD] })
            : unmocked(url, config),
  );
});
afterEach(() => vi.restoreAllMocks());
const open = (side: 'buy' | 'sell' = 'sell', onClose = vi.fn(), traded: typeof item | Omit<typeof item, 'packageRetailPrice' | 'packageWholesalePrice'> = item) =>
  renderWithQuery(
    <TradeModal storeId={STORE} kind="cylinder" side={side} item={traded} filters={{ size: 12, regulatorType: 22 }} onClose={onClose} />,
  );
const total = () => screen.getByLabelText('Total Amount') as HTMLInputElement;
const quantity = () => screen.getByLabelText('Quantity') as HTMLInputElement;

describe('TradeModal', () => {
  it('shows the price read-only and a total that follows price × quantity', async () => {
    const user = userEvent.setup();
    open();
    expect(screen.getByLabelText('Price')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Price')).toHaveValue('Tk 1,250');
    await user.type(quantity(), '3');
    expect(total()).toHaveValue('3750');
    await user.type(quantity(), '0');
    expect(total()).toHaveValue('37500');
  });

  it('keeps a hand-edited total when the quantity changes afterwards', async () => {
    const user = userEvent.setup();
    open();
    await user.type(quantity(), '2');
    await user.clear(total());
    await user.type(total(), '2400');
    await user.clear(quantity());
    await user.type(quantity(), '5');
    expect(total()).toHaveValue('2400');
  });

  it('resets a negative quantity to 0', async () => {
    const user = userEvent.setup();
    open();
    await user.type(quantity(), '-4');
    expect(quantity()).toHaveValue('0');
  });

  it('does nothing when the quantity is empty', async () => {
    const post = vi.spyOn(api, 'post');
    const onClose = vi.fn();
    const user = userEvent.setup();
    open('sell', onClose);
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    expect(post).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sells with the trade type, payment and one Idempotency-Key, then closes', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ success: true, message: 'Cylinders sold successfully!' }) as never);
    const success = vi.spyOn(notify, 'success');
    const onClose = vi.fn();
    const user = userEvent.setup();
    const { client, unmount } = open('sell', onClose);
    await user.type(quantity(), '2');
    expect(total()).toHaveValue('2500');
    // A package sells at its own price (rule 12): the price and the total follow the trade type.
    await user.click(screen.getByLabelText('Package'));
    expect(screen.getByLabelText('Price')).toHaveValue('Tk 3,300');
    expect(total()).toHaveValue('6600');
    // Paid into the store's Nagad wallet by name (rule 15): its family is the method.
    await user.selectOptions(await screen.findByLabelText('Paid into'), 'Nagad 01819-556677 (merchant)');
    await user.dblClick(screen.getByRole('button', { name: 'Sell' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    // The sale refreshes the store's counts once it settles, and the form, reset to a refill,
    // reads the cylinders again: the modal goes (nothing more starts) and every read ends inside
    // this test, while its mock still answers, however slow the machine.
    await vi.waitFor(() => expect(client.isMutating()).toBe(0));
    unmount();
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    const [url, body, config] = post.mock.calls[0];
    expect(url).toBe(`/stores/${STORE}/cylinders/sell`);
    expect(body).toEqual({ id: 'item-1', quantity: 2, price: 3300, totalAmount: 6600, paymentMethod: 'mobile', tradeType: 'package', accountId: NAGAD.id });
    expect(config?.params).toEqual({ size: 12, regulatorType: 22 });
    const keys = post.mock.calls.map((c) => (c[2]?.headers as Record<string, string>)['Idempotency-Key']);
    expect(new Set(keys).size).toBe(1);
    expect(success).toHaveBeenCalledWith('Cylinders sold successfully!');
  });

  it('asks the reason when the server says the refill is above the official price, and sends it on the next tap', async () => {
    const above = {
      status: 409,
      message: 'Bashundhara 12 kg 22 mm: Tk 1,250 is above the official price (Tk 1,200); give the reason',
      code: 'officialPrice.needsReason',
      params: { item: 'Bashundhara 12 kg 22 mm', official: 1200, price: 1250 },
      errors: [{ field: 'officialPriceReason', message: 'Give the reason for the price above the official one', code: 'officialPrice.reason', params: {} }],
    };
    const post = vi
      .spyOn(api, 'post')
      .mockRejectedValueOnce(above)
      .mockResolvedValue(ok({ success: true, message: 'Cylinders sold successfully!' }) as never);
    const onClose = vi.fn();
    const user = userEvent.setup();
    const { client } = open('sell', onClose);
    await user.type(quantity(), '1');
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    const ask = await screen.findByTestId('official-price-reason');
    expect(ask).toHaveTextContent('Tk 1,250');
    expect(ask).toHaveTextContent('Tk 1,200');
    expect(onClose).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/^Reason for the price above the official one/), 'delivered upstairs');
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    await vi.waitFor(() => expect(client.isMutating() + client.isFetching()).toBe(0));
    expect(post.mock.calls[1][1]).toMatchObject({ tradeType: 'refill', price: 1250, officialPriceReason: 'delivered upstairs' });
  });

  it('a package of an item with no package price says so before the tap, and Sell does not pretend', async () => {
    const post = vi.spyOn(api, 'post');
    const user = userEvent.setup();
    open('sell', vi.fn(), { id: item.id, name: item.name, price: item.price });
    await user.click(screen.getByLabelText('Package'));
    expect(screen.getByLabelText('Price')).toHaveValue('Not set');
    expect(screen.getByTestId('package-not-set')).toHaveTextContent('Set the package price of Bashundhara 12 kg 22 mm first');
    expect(screen.getByRole('button', { name: 'Sell' })).toBeDisabled();
    // A refill of the same item sells as before.
    await user.click(screen.getByLabelText('Refill'));
    expect(screen.queryByTestId('package-not-set')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sell' })).toBeEnabled();
    expect(post).not.toHaveBeenCalled();
  });

  it("shows the server's 409 message and stays open", async () => {
    vi.spyOn(api, 'post').mockRejectedValue({ status: 409, message: 'Only 3 full cylinders in stock', errors: null });
    const error = vi.spyOn(notify, 'error');
    const onClose = vi.fn();
    const user = userEvent.setup();
    open('sell', onClose);
    await user.type(quantity(), '27');
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Only 3 full cylinders in stock'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a due sale asks for the customer shop, and says so when shops cannot be loaded', async () => {
    vi.spyOn(api, 'get').mockRejectedValue({ status: 404, message: 'Not found', errors: null });
    const post = vi.spyOn(api, 'post');
    const user = userEvent.setup();
    open('sell');
    await user.type(quantity(), '1');
    await user.selectOptions(screen.getByLabelText('Payment Method'), 'due');
    expect(await screen.findByText(/Customer shops could not be loaded/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    expect(post).not.toHaveBeenCalled();
  });

  it('refuses before the tap what the server would, in its words: a walk-in handing in fewer empties than refills', async () => {
    const post = vi.spyOn(api, 'post');
    const error = vi.spyOn(notify, 'error');
    const user = userEvent.setup();
    open('sell');
    await user.type(quantity(), '3');
    await user.clear(screen.getByLabelText('Empties handed in'));
    await user.type(screen.getByLabelText('Empties handed in'), '1');
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('lines.0.empties: A walk-in buyer hands in an empty for each refill (3, not 1), or buys a package'));
    expect(post).not.toHaveBeenCalled();
  });
});

describe('TradeModal, selling below the price (rule 14)', () => {
  it('shows staff the lowest total they may take, and refuses a lower one before the tap', async () => {
    const post = vi.spyOn(api, 'post');
    const error = vi.spyOn(notify, 'error');
    const user = userEvent.setup();
    open('sell');
    await user.type(quantity(), '2');
    // 2 × 1,250 = 2,500; 10 % below: Tk 2,250 at the lowest.
    expect(await screen.findByText(/You may go down to Tk 2,?250.* \(10% below the price\)/)).toBeInTheDocument();
    await user.clear(total());
    await user.type(total(), '2200');
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith(expect.stringMatching(/Staff may sell at most 10% below the (tier )?price: the total may not be less than Tk 2,?250/)));
    expect(post).not.toHaveBeenCalled();
  });

  it('says so when staff sell only at the price', async () => {
    sellingLimit = 0;
    open('sell');
    expect(await screen.findByText('Staff sell at the price: a lower total needs a manager.')).toBeInTheDocument();
  });
});

describe('TradeModal, buying', () => {
  it('asks for the unit cost paid, and sends it with the supplier and the challan number', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ success: true, message: 'ok' }) as never);
    const onClose = vi.fn();
    const user = userEvent.setup();
    open('buy', onClose);
    await user.type(quantity(), '10');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('Enter the unit cost paid', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Unit cost paid'), '1105.5');
    expect(total()).toHaveValue('11055');
    await user.type(screen.getByLabelText('Supplier'), 'Bashundhara LP Gas');
    await user.type(screen.getByLabelText('Challan number'), 'CH-4471');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(post.mock.calls[0][1]).toMatchObject({
      quantity: 10,
      unitCost: 1105.5,
      totalAmount: 11055,
      supplier: 'Bashundhara LP Gas',
      challanNumber: 'CH-4471',
    });
    expect(post.mock.calls[0][1]).not.toHaveProperty('price');
  });

  it('names the supplier and the part paid now, from the account chosen (rule 19)', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ success: true, message: 'ok' }) as never);
    const onClose = vi.fn();
    const user = userEvent.setup();
    open('buy', onClose);
    await user.type(quantity(), '100');
    await user.type(screen.getByLabelText('Unit cost paid'), '1300');
    await user.selectOptions(await screen.findByLabelText('Supplier (company)'), 'Omera LPG');
    // The free-text supplier gives way to the chosen one.
    expect(screen.queryByLabelText('Supplier')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Paid now (Tk)'), '50000');
    await user.selectOptions(await screen.findByLabelText('Paid from'), 'City Bank 1102');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(post.mock.calls[0][1]).toMatchObject({ quantity: 100, unitCost: 1300, supplierId: SUPPLIER, paid: 50000, accountId: BANK.id });
  });
});
