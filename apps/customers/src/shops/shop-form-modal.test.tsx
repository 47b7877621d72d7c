import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import '../texts';
import { ShopFormModal } from './shop-form-modal';
import { ok, renderWithQuery } from '@mojud/api-client/testing';

afterEach(() => vi.restoreAllMocks());
const BASH = '33333333-3333-4333-8333-333333333333';
// The opening balance's item picker reads the store's cylinders.
beforeEach(() => {
  vi.spyOn(api, 'get').mockImplementation((url: string) =>
    Promise.resolve(ok(url.endsWith('/cylinder-inventory') ? [{ id: BASH, name: 'Bashundhara 12 kg 22 mm' }] : [])) as never,
  );
});

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
    // The form's schema loads in a chunk of its own: wait for it on a busy machine.
    expect(await screen.findByText('Shop Name is required', {}, { timeout: 5000 })).toBeInTheDocument();
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
      language: 'bn',
    });
    resolve(ok({ store: { id: 'x', name: 'Karim Traders' } }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('sends a new shop with its opening due and empties owed, read from Bengali digits', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ store: { id: 'x', name: 'Karim Traders' } }));
    const user = userEvent.setup();
    renderWithQuery(<ShopFormModal storeId={STORE} divisionId={AREA} onClose={() => {}} />);
    await user.type(screen.getByLabelText('Shop Name'), 'Karim Traders');
    await user.type(screen.getByLabelText('Opening due (Tk)'), '৪০০০');
    await screen.findByRole('option', { name: 'Bashundhara 12 kg 22 mm' });
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await user.type(await screen.findByLabelText('Empties owed: Bashundhara 12 kg 22 mm'), '2');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await vi.waitFor(() =>
      expect(post).toHaveBeenCalledWith(`/workspace/${STORE}/divisions/${AREA}/stores`, {
        name: 'Karim Traders',
        contactName: '',
        phone: '',
        address: '',
        language: 'bn',
        opening: { due: 4000, empties: [{ itemId: BASH, count: 2 }] },
      }),
    );
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
      code: 'C-0001',
      contactName: null,
      phone: '01711-000000',
      address: null,
      due: 0,
      image: null,
      divisionId: AREA,
      priceTier: 'wholesale' as const,
      language: 'bn' as const,
      emptiesOwed: [],
      hasOpening: false,
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

  it("refuses a phone the server's rule refuses, with its words, before sending", async () => {
    const post = vi.spyOn(api, 'post');
    const user = userEvent.setup();
    renderWithQuery(<ShopFormModal storeId={STORE} divisionId={AREA} onClose={() => {}} />);
    await user.type(screen.getByLabelText('Shop Name'), 'Hasan Store');
    await user.type(screen.getByLabelText('Phone'), '017');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Enter a Bangladeshi mobile number, like 01711-223344', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('shows a stored mobile the way a shop writes it, and sends the language chosen', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue(ok({ store: { id: 's1' } }) as never);
    const user = userEvent.setup();
    const shop = {
      id: 's1',
      name: 'Dhaka Hotel',
      code: 'C-0002',
      contactName: null,
      phone: '+8801911000222',
      address: null,
      due: 0,
      image: null,
      divisionId: AREA,
      priceTier: 'wholesale' as const,
      language: 'bn' as const,
      emptiesOwed: [],
      hasOpening: false,
    };
    renderWithQuery(<ShopFormModal storeId={STORE} divisionId={AREA} shop={shop} onClose={() => {}} />);
    expect(screen.getByLabelText('Phone')).toHaveValue('01911-000222');
    await user.selectOptions(screen.getByLabelText('Language of its messages'), 'en');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await vi.waitFor(() =>
      expect(put).toHaveBeenCalledWith(
        `/workspace/${STORE}/divisions/${AREA}/stores/s1`,
        expect.objectContaining({ phone: '01911-000222', language: 'en' }),
      ),
    );
  });
});
