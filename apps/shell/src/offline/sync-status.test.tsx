import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AxiosError, type AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, loadOutbox } from '@mojud/api-client';
import { useAuthStore } from '@mojud/auth';
import { SyncStatus } from './sync-status';

const originalAdapter = api.defaults.adapter;
const sent: { key: string; body: Record<string, unknown> }[] = [];

/** The server: refuses a sale of more than one, records anything else. */
function serve() {
  const adapter: AxiosAdapter = async (config) => {
    const body = JSON.parse(String(config.data)) as Record<string, unknown>;
    sent.push({ key: String(config.headers['Idempotency-Key']), body });
    if (Number(body.quantity) > 1) {
      const response = { data: { message: 'Only 1 full cylinder in stock', code: 'stock.notEnoughFull', params: { count: 1 } }, status: 409, statusText: '', headers: {}, config };
      throw new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, null, response);
    }
    return { data: { success: true }, status: 200, statusText: '', headers: {}, config };
  };
  api.defaults.adapter = adapter;
}

beforeEach(async () => {
  sent.length = 0;
  const outbox = await loadOutbox();
  await outbox.closeOutbox();
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(outbox.OUTBOX_DB);
    request.onsuccess = request.onerror = () => resolve();
  });
  useAuthStore.getState().setUser({ id: 'u1', email: 'rahim@example.com', username: 'rahim', firstName: null, lastName: null });
  useAuthStore.getState().setAccessToken('token');
});
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  useAuthStore.getState().clearUser();
});

describe('writes kept on this device', () => {
  it('a sale the server refused is listed with its words; edited, it goes again under a new key and leaves the list', async () => {
    serve();
    const outbox = await loadOutbox();
    await outbox.enqueue({
      storeId: 's1',
      method: 'POST',
      url: '/stores/s1/cylinders/sell',
      body: { id: 'c1', quantity: 3 },
      idempotencyKey: 'sale-3',
      summary: { kind: 'sale', name: 'Bashundhara 12 kg', quantity: 3 },
      editable: [{ field: 'quantity', label: 'quantity' }],
    });
    await outbox.syncOutbox();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SyncStatus />
      </QueryClientProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Needs attention (1)' }));
    const dialog = screen.getByRole('dialog', { name: 'Saved on this device' });
    const list = within(dialog).getByTestId('outbox-attention');
    expect(list).toHaveTextContent('Sale · Bashundhara 12 kg · 3 pcs');
    expect(within(list).getByRole('alert')).toHaveTextContent('Only 1 full cylinder in stock');

    await user.click(within(list).getByRole('button', { name: 'Edit and retry' }));
    const quantity = within(list).getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '1');
    await user.click(within(list).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].body).toEqual({ id: 'c1', quantity: 1 });
    expect(sent[1].key).not.toBe('sale-3');
    await waitFor(() => expect(screen.queryByRole('button', { name: /Needs attention/ })).not.toBeInTheDocument());
  });
});
