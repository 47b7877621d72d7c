import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import '../texts';
import { ok, renderWithQuery } from '@mojud/api-client/testing';
import { PriceModal } from './manage-modals';

const STORE = '11111111-1111-4111-8111-111111111111';
// An item from before rule 12: refill prices and costs, no package price yet.
const item = {
  id: 'item-1',
  name: 'Bashundhara 12 kg 22 mm',
  price: 1450,
  retailPrice: 1450,
  wholesalePrice: 1400,
  packageRetailPrice: null,
  packageWholesalePrice: null,
  refillCost: 1300,
  packageCost: 2900,
};

afterEach(() => vi.restoreAllMocks());

describe('PriceModal (DEALER.md rule 12)', () => {
  it('shows a cylinder’s four prices and two costs, and sets the package prices beside the refill ones', async () => {
    const patch = vi.spyOn(api, 'patch').mockResolvedValue(ok({ item }) as never);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<PriceModal storeId={STORE} kind="cylinder" item={item} onClose={onClose} />);
    const refill = screen.getByRole('group', { name: 'Refill (gas only)' });
    const pkg = screen.getByRole('group', { name: 'Package (gas and a new cylinder)' });
    const costs = screen.getByRole('group', { name: 'Average costs' });
    expect(within(refill).getByLabelText('Retail price')).toHaveValue('1450');
    expect(within(refill).getByLabelText('Wholesale price')).toHaveValue('1400');
    // Not set yet: blank, and said so.
    expect(within(pkg).getByLabelText('Package retail price')).toHaveValue('');
    expect(within(pkg).getByLabelText('Package retail price')).toHaveAttribute('placeholder', 'Not set');
    expect(within(costs).getByLabelText('Refill cost')).toHaveValue('1300');
    expect(within(costs).getByLabelText('Package cost')).toHaveValue('2900');
    await user.clear(within(refill).getByLabelText('Retail price'));
    await user.type(within(refill).getByLabelText('Retail price'), '1500');
    await user.clear(within(refill).getByLabelText('Wholesale price'));
    await user.type(within(refill).getByLabelText('Wholesale price'), '1420');
    await user.type(within(pkg).getByLabelText('Package retail price'), '3300');
    await user.type(within(pkg).getByLabelText('Package wholesale price'), '3250');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(patch).toHaveBeenCalledWith(`/stores/${STORE}/cylinder-inventory/item-1`, {
      retailPrice: 1500,
      wholesalePrice: 1420,
      packageRetailPrice: 3300,
      packageWholesalePrice: 3250,
      refillCost: 1300,
      packageCost: 2900,
    });
  });

  it('a stove has retail, wholesale and one cost, and no package', () => {
    renderWithQuery(
      <PriceModal storeId={STORE} kind="stove" item={{ id: 's1', name: 'Double Burner', price: 3200, retailPrice: 3200, wholesalePrice: 3000, cost: 2600 }} onClose={vi.fn()} />,
    );
    expect(screen.getByLabelText('Retail price')).toHaveValue('3200');
    expect(screen.getByLabelText('Average cost')).toHaveValue('2600');
    expect(screen.queryByLabelText('Package retail price')).not.toBeInTheDocument();
  });
});
