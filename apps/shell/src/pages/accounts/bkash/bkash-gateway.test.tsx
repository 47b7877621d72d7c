import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { ok, renderWithQuery } from '@mojud/api-client/testing';
import type { BkashGateway, MoneyAccount } from '@mojud/contracts';
import BkashGatewaySection from './bkash-gateway';

afterEach(() => vi.restoreAllMocks());

const STORE = '11111111-1111-4111-8111-111111111111';
const WALLET = '22222222-2222-4222-8222-222222222222';
const wallet: MoneyAccount = {
  id: WALLET,
  kind: 'wallet',
  family: 'mobile',
  provider: 'bkash',
  walletType: 'merchant',
  number: '+8801700000000',
  name: null,
  isDefault: true,
  archived: false,
  hasOpening: true,
  balance: 0,
};
const gateway: BkashGateway = {
  accountId: WALLET,
  baseUrl: 'https://tokenized.pay.bka.sh/v1.2.0-beta',
  appKey: 'app-key-1',
  username: 'merchant01',
  notifyUrl: 'https://mojud.example/api/v1/payments/bkash/notify/abcdefghijklmnopqrstuvwxyz012345',
  updatedAt: '2026-11-24T04:00:00.000Z',
};

describe('the bKash merchant API on the accounts page', () => {
  it('sets it up with the credentials bKash gave, and shows the address to give bKash', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValueOnce(ok({ gateway: null }) as never);
    const put = vi.spyOn(api, 'put').mockResolvedValue(ok({ gateway }) as never);
    const user = userEvent.setup();
    renderWithQuery(<BkashGatewaySection storeId={STORE} accounts={[wallet]} />);
    expect(await screen.findByText('Not set up.')).toBeInTheDocument();
    get.mockResolvedValue(ok({ gateway }) as never);
    await user.click(screen.getByRole('button', { name: 'Set up' }));
    expect(screen.getByLabelText('bKash account')).toHaveValue(WALLET);
    expect(screen.getByLabelText('bKash address')).toHaveValue('https://tokenized.pay.bka.sh/v1.2.0-beta');
    await user.type(screen.getByLabelText('App key'), ' app-key-1 ');
    await user.type(screen.getByLabelText('App secret'), 'secret');
    await user.type(screen.getByLabelText('Username'), 'merchant01');
    await user.type(screen.getByLabelText('Password'), 'pass word');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(put).toHaveBeenCalled());
    expect(put.mock.calls[0]).toEqual([
      `/stores/${STORE}/payment-gateways/bkash`,
      {
        accountId: WALLET,
        baseUrl: 'https://tokenized.pay.bka.sh/v1.2.0-beta',
        appKey: 'app-key-1',
        appSecret: 'secret',
        username: 'merchant01',
        password: 'pass word',
      },
    ]);
    expect(await screen.findByTestId('bkash-status')).toHaveTextContent('Connected: app key app-key-1, paid into bKash');
    expect(screen.getByLabelText('Notification address for bKash')).toHaveValue(gateway.notifyUrl);
  }, 20_000);

  it("says bKash's refusal in plain words and keeps the form open", async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ gateway: null }) as never);
    vi.spyOn(api, 'put').mockRejectedValue({
      status: 422,
      message: 'bKash does not know this app key and app secret',
      code: 'bkash.appKeyRefused',
      errors: null,
    });
    const user = userEvent.setup();
    renderWithQuery(<BkashGatewaySection storeId={STORE} accounts={[wallet]} />);
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    for (const [name, value] of [['App key', 'k'], ['App secret', 's'], ['Username', 'u'], ['Password', 'p']]) {
      await user.type(screen.getByLabelText(name), value);
    }
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('bKash does not know this app key and app secret');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  }, 20_000);

  it('asks for a bKash wallet account first', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ gateway: null }) as never);
    renderWithQuery(<BkashGatewaySection storeId={STORE} accounts={[{ ...wallet, provider: 'nagad' }]} />);
    expect(await screen.findByText('Add the store’s bKash merchant wallet as an account first.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set up' })).toBeNull();
  });
});
