import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { ok, renderWithQuery } from '@mojud/api-client/testing';
import { VehicleFormModal } from './vehicle-form-modal';

afterEach(() => vi.restoreAllMocks());

const STORE = '11111111-1111-4111-8111-111111111111';

describe('VehicleFormModal', () => {
  it('adds a van with just a name', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ members: [] }) as never);
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ vehicle: { id: 'v1', name: 'Jamal’s van' } }) as never);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<VehicleFormModal storeId={STORE} onClose={onClose} />);
    expect(screen.getByLabelText('Brand')).not.toBeRequired();
    expect(screen.getByLabelText('Model')).not.toBeRequired();
    expect(screen.getByLabelText('Registration No')).not.toBeRequired();
    await user.type(screen.getByLabelText(/^Name/), 'Jamal’s van');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await vi.waitFor(() => expect(post).toHaveBeenCalled(), { timeout: 10_000 });
    expect(post.mock.calls[0][0]).toBe(`/stores/${STORE}/vehicles`);
    expect(post.mock.calls[0][1]).toEqual({
      name: 'Jamal’s van',
      vehicleBrand: '',
      vehicleModel: '',
      regNumber: '',
      assignedUserId: null,
    });
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('says a van needs a name, and sends nothing without one', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ members: [] }) as never);
    const post = vi.spyOn(api, 'post');
    const user = userEvent.setup();
    renderWithQuery(<VehicleFormModal storeId={STORE} onClose={() => {}} />);
    await user.type(screen.getByLabelText('Brand'), 'Tata');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Name is required', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });
});
