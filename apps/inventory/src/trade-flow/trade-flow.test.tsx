import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { setLocale } from '@mojud/i18n';
import '../texts';
import { ok, renderWithQuery } from '@mojud/api-client/testing';
import { TradeFlow } from './trade-flow';

afterEach(() => vi.restoreAllMocks());

const STORE = '11111111-1111-4111-8111-111111111111';
const cylinder = {
  id: 'c1',
  brandId: 'b1',
  brandName: 'Bashundhara',
  logoColor: '#000',
  name: 'Bashundhara 12 kg 22 mm',
  price: 1250,
  fullCount: 30,
  emptyCount: 5,
  problemCount: 0,
  size: 12,
  regulatorType: 22,
};

function serveItems() {
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url.endsWith('/cylinder-inventory')) return ok([cylinder, { ...cylinder, id: 'c2', name: 'Omera 5 kg 20 mm', price: 0 }]);
    if (url.endsWith('/stove-inventory')) return ok([{ id: 's1', name: 'Double burner', price: 3200, stockCount: 4, problemCount: 0 }]);
    if (url.endsWith('/regulator-inventory')) return ok([]);
    if (url.endsWith('/selling-limit')) return ok({ sellingLimit: { staffBelowTierPercent: 0 } });
    return ok({ shops: [{ id: 'sh1', name: 'Karim Traders', due: 0 }] });
  });
}

describe('TradeFlow', () => {
  it('lists every item with its price and stock, and finds one by name', async () => {
    serveItems();
    const user = userEvent.setup();
    renderWithQuery(<TradeFlow storeId={STORE} side="sell" />);
    expect(await screen.findByRole('button', { name: /Bashundhara 12 kg 22 mm.*Tk 1,250.*Full 30 · Empty 5/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Double burner.*In stock 4/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Omera 5 kg 20 mm.*No price yet/ })).toBeDisabled();
    await user.type(screen.getByLabelText('Search items'), 'burner');
    expect(screen.queryByRole('button', { name: /Bashundhara/ })).not.toBeInTheDocument();
  });

  it("sells to the chosen shop: the shop goes with the sale and onDone is called", async () => {
    serveItems();
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ success: true, message: 'Cylinders sold successfully!' }));
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<TradeFlow storeId={STORE} side="sell" shop={{ id: 'sh1', name: 'Karim Traders' }} onDone={onDone} />);
    await user.click(await screen.findByRole('button', { name: /Bashundhara 12 kg 22 mm/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sell Bashundhara 12 kg 22 mm' });
    expect(dialog).toHaveTextContent('Selling to Karim Traders');
    await user.type(screen.getByLabelText('Quantity'), '2');
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith(
      `/stores/${STORE}/cylinders/sell`,
      expect.objectContaining({ id: 'c1', quantity: 2, totalAmount: 2500, paymentMethod: 'cash', shopId: 'sh1' }),
      expect.anything(),
    );
  });
});

describe('TradeFlow in Bangla', () => {
  afterEach(() => act(() => setLocale('en')));

  it('names items in Bangla and finds them typed in either script and either digits', async () => {
    serveItems();
    await act(() => setLocale('bn'));
    const user = userEvent.setup();
    renderWithQuery(<TradeFlow storeId={STORE} side="sell" />);
    expect(await screen.findByRole('button', { name: /^বসুন্ধরা ১২ কেজি ২২ মিমি/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /^ওমেরা ৫ কেজি ২০ মিমি/ })).toBeDisabled();
    expect(screen.queryByText(/Bashundhara|Omera/)).not.toBeInTheDocument();
    const search = screen.getByRole('searchbox');
    for (const typed of ['বসুন্ধরা ১২', 'bash 12', 'Bashundhara ১২']) {
      await user.clear(search);
      await user.type(search, typed);
      expect(screen.getByRole('button', { name: /^বসুন্ধরা ১২ কেজি/ })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /ওমেরা/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Double burner/ })).not.toBeInTheDocument();
    }
    await user.clear(search);
    await user.type(search, 'ওমেরা ৫');
    expect(screen.getByRole('button', { name: /^ওমেরা ৫ কেজি/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /বসুন্ধরা/ })).not.toBeInTheDocument();
  });
});
