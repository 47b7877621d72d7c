import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@mojud/i18n';
import { Khata, type KhataLine } from './index';

afterEach(async () => {
  await act(() => setLocale('en'));
});

const line = (over: Partial<KhataLine> & Pick<KhataLine, 'id' | 'kind' | 'dueDelta' | 'balance'>): KhataLine => ({
  date: '2026-03-10T05:00:00Z',
  saleNumber: null,
  paymentMethod: null,
  ref: null,
  item: null,
  quantity: null,
  emptiesDelta: 0,
  emptiesBalance: 0,
  ...over,
});

const BASH = 'Bashundhara 12 kg 22 mm';
// An opening of Tk 2,000 and 2 empties, a sale of 3 refills with 1 empty owed, Tk 1,000 cash at
// the sale, Tk 1,500 by bKash later, and 2 empties collected.
const lines: KhataLine[] = [
  line({ id: 1, kind: 'opening', dueDelta: 2000, balance: 2000, item: BASH, emptiesDelta: 2, emptiesBalance: 2, date: '2026-03-01T05:00:00Z' }),
  line({ id: 2, kind: 'sale', saleNumber: 'S-000001', item: BASH, quantity: 3, dueDelta: 4200, balance: 6200, emptiesDelta: 1, emptiesBalance: 3 }),
  line({ id: 3, kind: 'payment', saleNumber: 'S-000001', paymentMethod: 'cash', dueDelta: -1000, balance: 5200, emptiesBalance: 3 }),
  line({ id: 4, kind: 'payment', paymentMethod: 'mobile', ref: 'TX9', dueDelta: -1500, balance: 3700, emptiesBalance: 3 }),
  line({ id: 5, kind: 'empties', item: BASH, dueDelta: 0, balance: 3700, emptiesDelta: -2, emptiesBalance: 1 }),
];

const rowsOf = () => within(screen.getByRole('table', { name: 'Karim Store' })).getAllByRole('row').slice(1);

describe('Khata', () => {
  it('reads one row per event with the due after each, in English', () => {
    render(<Khata lines={lines} openingBalance={0} openingEmpties={0} label="Karim Store" />);
    const rows = rowsOf();
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent('Opening balance');
    expect(rows[0]).toHaveTextContent('empties +2 × Bashundhara 12 kg 22 mm');
    expect(rows[0]).toHaveTextContent('1 Mar 2026');
    expect(rows[1]).toHaveTextContent('Sale S-000001');
    expect(rows[1]).toHaveTextContent('Bashundhara 12 kg 22 mm × 3');
    expect(rows[1]).toHaveTextContent('+Tk 4,200');
    expect(rows[1]).toHaveTextContent('Tk 6,200');
    expect(rows[1]).toHaveTextContent('empties owed 3');
    // Paid at the sale: a cash payment, never an adjustment.
    expect(rows[2]).toHaveTextContent('Cash payment');
    expect(rows[2]).toHaveTextContent('with sale S-000001');
    expect(rows[2]).toHaveTextContent('−Tk 1,000');
    expect(rows[2]).toHaveTextContent('Tk 5,200');
    expect(rows[3]).toHaveTextContent('bKash payment');
    expect(rows[3]).toHaveTextContent('ref. TX9');
    expect(rows[3]).toHaveTextContent('Tk 3,700');
    expect(rows[4]).toHaveTextContent('Empties collected');
    expect(rows[4]).toHaveTextContent('empties −2 × Bashundhara 12 kg 22 mm');
    expect(rows[4]).toHaveTextContent('empties owed 1');
    expect(screen.queryByText(/Adjustment|Correction/)).not.toBeInTheDocument();
  });

  it('names a payment’s account when the page knows the store’s accounts', () => {
    const paid = [
      line({ id: 3, kind: 'payment', paymentMethod: 'mobile', accountId: 'nagad', dueDelta: -1000, balance: 1000 }),
      line({ id: 4, kind: 'payment', paymentMethod: 'mobile', accountId: 'gone', dueDelta: -500, balance: 500 }),
    ];
    const names: Record<string, string> = { nagad: 'Nagad 01819-556677 (merchant)' };
    render(<Khata lines={paid} openingBalance={2000} openingEmpties={0} label="Karim Store" accountName={(id) => names[id]} />);
    const rows = rowsOf();
    expect(rows[1]).toHaveTextContent('Payment into Nagad 01819-556677 (merchant)');
    // An account the page does not know: the payment's method, as before.
    expect(rows[2]).toHaveTextContent('bKash payment');
  });

  it('reads in Bangla with Bengali digits, and starts with what was brought forward', async () => {
    await act(() => setLocale('bn'));
    render(<Khata lines={lines.slice(2)} openingBalance={6200} openingEmpties={3} from="2026-03-10" label="Karim Store" />);
    const rows = rowsOf();
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('আগের জের');
    expect(rows[0]).toHaveTextContent('৳৬,২০০');
    expect(rows[0]).toHaveTextContent('খালি বাকি ৩');
    expect(rows[1]).toHaveTextContent('নগদ জমা');
    expect(rows[1]).toHaveTextContent('−৳১,০০০');
    expect(rows[1]).toHaveTextContent('৳৫,২০০');
    expect(rows[1]).toHaveTextContent('বি-০০০০০১');
    expect(rows[2]).toHaveTextContent('বিকাশে জমা');
    expect(rows[2]).toHaveTextContent('৳৩,৭০০');
    expect(rows[3]).toHaveTextContent('খালি সিলিন্ডার নেওয়া');
    expect(rows[3]).toHaveTextContent('১২ কেজি ২২ মিমি');
    expect(rows[3]).toHaveTextContent('খালি বাকি ১');
    // Nothing in Latin letters or digits but what a person typed (the payment's reference).
    const text = rows
      .map((r) => r.textContent ?? '')
      .join(' ')
      .replace('TX9', '');
    expect(text).not.toMatch(/[A-Za-z0-9]/);
  });

  it('says so when nothing is recorded', () => {
    render(<Khata lines={[]} openingBalance={0} openingEmpties={0} label="Karim Store" />);
    expect(rowsOf()).toHaveLength(0);
    expect(screen.getByText('Nothing recorded yet.')).toBeInTheDocument();
  });
});
