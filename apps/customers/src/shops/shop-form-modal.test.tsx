import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import '../messages';
import { ShopFormModal } from './shop-form-modal';
import { ok, renderWithQuery } from './test-utils';

afterEach(() => vi.restoreAllMocks());

const STORE = '11111111-1111-4111-8111-111111111111';
const AREA = '22222222-2222-4222-8222-222222222222';

describe('ShopFormModal', () => {
  it('requires a Shop Name before anything is sent', async () => {
    const post = vi.spyOn(api, 'post');
    const user = userEvent.setup();
    renderWithQuery(<ShopFormModal storeId={STORE} divisionId={AREA} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Add Shop' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Contact Name'), 'Karim');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('Shop Name is required')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('adds the shop to the area and closes; shows "Adding..." while busy', async () => {
    let resolve!: (value: unknown) => void;
    const post = vi.spyOn(api, 'post').mockReturnValue(new Promise((r) => (resolve = r)) as never);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<ShopFormModal storeId={STORE} divisionId={AREA} onClose={onClose} />);
    await user.type(screen.getByLabelText('Shop Name'), 'Karim Traders');
    await user.type(screen.getByLabelText('Phone'), '01711-223344');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('button', { name: 'Adding...' })).toBeDisabled();
    expect(post).toHaveBeenCalledWith(`/workspace/${STORE}/divisions/${AREA}/stores`, {
      name: 'Karim Traders',
      contactName: '',
      phone: '01711-223344',
      address: '',
    });
    resolve(ok({ store: { id: 'x', name: 'Karim Traders' } }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("shows the server's field error beside the field, and updates with PUT", async () => {
    vi.spyOn(api, 'put').mockRejectedValue({
      status: 400,
      message: 'phone: Enter a valid phone number',
      errors: [{ field: 'phone', message: 'Enter a valid phone number' }],
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    const shop = {
      id: 's1',
      name: 'Hasan Store',
      contactName: null,
      phone: '017',
      address: null,
      due: 0,
      image: null,
      divisionId: AREA,
    };
    renderWithQuery(<ShopFormModal storeId={STORE} divisionId={AREA} shop={shop} onClose={onClose} />);
    expect(screen.getByLabelText('Shop Name')).toHaveValue('Hasan Store');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Enter a valid phone number')).toBeInTheDocument();
    expect(api.put).toHaveBeenCalledWith(
      `/workspace/${STORE}/divisions/${AREA}/stores/s1`,
      expect.objectContaining({ name: 'Hasan Store' }),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
