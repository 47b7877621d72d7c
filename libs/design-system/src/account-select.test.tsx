import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@mojud/i18n';
import { AccountSelect, defaultAccountId, type AccountLike } from './index';

afterEach(async () => {
  await act(() => setLocale('en'));
});

const account = (over: Partial<AccountLike> & Pick<AccountLike, 'id' | 'kind'>): AccountLike => ({
  family: over.kind === 'wallet' ? 'mobile' : (over.kind as AccountLike['family']),
  provider: null,
  walletType: null,
  number: null,
  name: null,
  isDefault: false,
  archived: false,
  ...over,
});

const ACCOUNTS = [
  account({ id: 'drawer', kind: 'cash', isDefault: true }),
  account({ id: 'bkash', kind: 'wallet', provider: 'bkash', walletType: 'personal', number: '+8801711223344', isDefault: true }),
  account({ id: 'nagad', kind: 'wallet', provider: 'nagad', walletType: 'merchant', number: '+8801811000111' }),
  account({ id: 'city', kind: 'bank', name: 'City Bank', number: '1102 3344', isDefault: true }),
  account({ id: 'old', kind: 'bank', name: 'Closed Bank', archived: true }),
];

describe('AccountSelect', () => {
  it('names each account so a wallet, the drawer and a bank are told apart, and offers none put away', async () => {
    const onChange = vi.fn();
    render(<AccountSelect accounts={ACCOUNTS} value="drawer" onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Account' });
    const options = [...select.querySelectorAll('option')].map((o) => o.textContent);
    expect(options).toEqual(['Cash drawer', 'bKash 01711-223344 (personal)', 'Nagad 01811-000111 (merchant)', 'City Bank 1102 3344']);
    await userEvent.setup().selectOptions(select, 'nagad');
    expect(onChange).toHaveBeenCalledWith('nagad');
  });

  it('in Bangla the drawer is ক্যাশবাক্স and Nagad is a wallet, never the word for cash alone', async () => {
    await act(() => setLocale('bn'));
    render(<AccountSelect accounts={ACCOUNTS} value="drawer" onChange={() => {}} family={undefined} />);
    const options = [...screen.getByRole('combobox').querySelectorAll('option')].map((o) => o.textContent);
    expect(options[0]).toBe('ক্যাশবাক্স');
    expect(options[2]).toBe('নগদ ওয়ালেট ০১৮১১-০০০১১১ (মার্চেন্ট)');
  });

  it('starts a form on the family’s default account', () => {
    expect(defaultAccountId(ACCOUNTS, 'mobile')).toBe('bkash');
    expect(defaultAccountId(ACCOUNTS, 'bank')).toBe('city');
    expect(defaultAccountId(ACCOUNTS)).toBe('drawer');
  });
});
