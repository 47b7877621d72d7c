import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { ok, renderWithProviders } from '@mojud/api-client/testing';
import { useAuthStore } from '@mojud/auth';
import type { ShopImportResponse } from '@mojud/contracts';
import { ImportPage } from './import-page';

const STORE = '11111111-1111-4111-8111-111111111111';
const FILE = 'name,phone,opening due\r\nKarim Traders,01711-223344,4000\r\nBad Phone,12345,10\r\n';
const row = { line: 2, name: 'Karim Traders', phone: '+8801711223344', area: 'Main', due: 4000, empties: [{ itemName: 'Bashundhara 12 kg 22 mm', count: 2 }] };
const answer = (imported: boolean): ShopImportResponse => ({
  imported,
  rows: [row],
  newAreas: [],
  problems: imported ? [] : [{ line: 3, code: 'import.badPhone', message: 'The phone is not a Bangladeshi mobile number' }],
  totalDue: 4000,
  totalEmpties: 2,
});

beforeEach(() => {
  useAuthStore.setState({ currentStore: { id: STORE, name: 'Rahim Gas House', role: 'manager' } as never });
});
afterEach(() => vi.restoreAllMocks());

describe('ImportPage', { timeout: 30_000 }, () => {
  it('checks the file first, naming each bad row by line, then imports the good rows with one key', async () => {
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValueOnce(ok(answer(false)) as never)
      .mockResolvedValueOnce(ok(answer(true)) as never);
    const user = userEvent.setup();
    renderWithProviders(<ImportPage />, '/shops/import');
    expect(screen.getByText('phone: a Bangladeshi mobile, like 01711-223344')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('CSV file'), new File([FILE], 'shops.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Check the file' }));

    expect(await screen.findByText('1 shop will be added')).toBeInTheDocument();
    expect(screen.getByText('They owe Tk 4,000 and 2 empties in all.')).toBeInTheDocument();
    expect(screen.getByText('1 bad row will be left out')).toBeInTheDocument();
    expect(screen.getByText('The phone is not a Bangladeshi mobile number')).toBeInTheDocument();
    expect(post).toHaveBeenLastCalledWith(`/stores/${STORE}/shops/import`, { csv: FILE, confirm: false }, {});

    await user.click(screen.getByRole('button', { name: 'Import 1 shops' }));
    expect(await screen.findByText('1 shop added')).toBeInTheDocument();
    const [, body, config] = post.mock.calls[1];
    expect(body).toEqual({ csv: FILE, confirm: true });
    expect((config?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
  });
});
