import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore, type StoreSummary } from '@mojud/auth';
import { fakeApi } from '../../test/fake-api';
import { at, renderRoutes } from '../../test/render';
import { OfficialPricePolicyCard } from './official-price-policy';

// DEALER.md rule 13: the store's choice on walk-in refills above the official price.

const book = (policy: string) => ({ status: 200, data: { entries: [], current: null, next: null, policy, sizes: [12] } });
let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const renderCard = (store: StoreSummary) => renderRoutes([at('/settings', <OfficialPricePolicyCard store={store} />)], '/settings');

describe('the official price choice', () => {
  it('a manager turns "warn" (the default) into "refuse"', async () => {
    useAuthStore.getState().setUser({ id: 'u1', username: 'rahim' });
    let policy = 'warn';
    server = fakeApi({
      'GET /stores/s1/official-prices': () => book(policy),
      'PUT /stores/s1/official-price-policy': (_c, body) => {
        policy = (body as { policy: string }).policy;
        return { status: 200, data: { policy } };
      },
    });
    const u = userEvent.setup();
    renderCard({ id: 's1', name: 'Rahim Gas House', location: 'Mirpur', phone: '017', role: 'manager' });
    const choice = await screen.findByLabelText('Above the official price');
    await waitFor(() => expect(choice).toBeEnabled());
    expect(choice).toHaveValue('warn');
    await u.selectOptions(choice, 'refuse');
    await waitFor(() => expect(server!.calls.some((c) => c.method === 'PUT' && (c.body as { policy: string }).policy === 'refuse')).toBe(true));
    await waitFor(() => expect(choice).toHaveValue('refuse'));
  });

  it('staff read the choice and cannot change it', async () => {
    server = fakeApi({ 'GET /stores/s1/official-prices': () => book('refuse') });
    renderCard({ id: 's1', name: 'Rahim Gas House', location: 'Mirpur', phone: '017', role: 'staff' });
    const choice = await screen.findByLabelText('Above the official price');
    await waitFor(() => expect(choice).toHaveValue('refuse'));
    expect(choice).toBeDisabled();
    expect(screen.getByText('A manager, an admin or the owner chooses this.')).toBeInTheDocument();
  });
});
