import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { at, renderRoutes } from '../../test/render';
import { StatementPage } from './statement-page';

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => api?.restore());

const statement = {
  store: { name: 'Rahim Gas House', phone: '01711000000', location: 'Mirpur 10, Dhaka' },
  shop: { name: 'Karim Traders' },
  language: 'bn',
  asOf: '2026-03-10T06:00:00Z',
  expiresAt: '2026-04-09T06:00:00Z',
  balance: 1400,
  entries: {
    from: '2026-01-10',
    to: '2026-03-10',
    openingBalance: 0,
    openingEmpties: 0,
    items: [
      {
        id: 11,
        date: '2026-03-10T05:00:00Z',
        kind: 'sale',
        saleNumber: 'S-000012',
        paymentMethod: null,
        ref: null,
        item: 'Bashundhara 12 kg 22 mm',
        quantity: 2,
        dueDelta: 2400,
        balance: 2400,
        emptiesDelta: 0,
        emptiesBalance: 0,
      },
      {
        id: 12,
        date: '2026-03-10T05:00:00Z',
        kind: 'payment',
        saleNumber: 'S-000012',
        paymentMethod: 'cash',
        ref: null,
        item: null,
        quantity: null,
        dueDelta: -1000,
        balance: 1400,
        emptiesDelta: 0,
        emptiesBalance: 0,
      },
    ],
  },
};

describe('StatementPage', () => {
  it('shows the balance and entries in the shop’s language, and in English on request', async () => {
    api = fakeApi({ 'GET /public/statements/Ab3xYz7Qw9Kp': () => ({ status: 200, data: statement }) });
    const user = userEvent.setup();
    renderRoutes([at('/s/:token', <StatementPage />)], '/s/Ab3xYz7Qw9Kp');
    expect(await screen.findByRole('heading', { name: 'Karim Traders-এর হিসাব' })).toBeInTheDocument();
    expect(screen.getByText('আপনার বাকি')).toBeInTheDocument();
    // Figures, dates and sale numbers read in the shop's language too, whatever the phone's is.
    expect(await screen.findByTestId('statement-balance')).toHaveTextContent('১,৪০০');
    // The shop page's khata, line for line: the sale with its number, the cash paid at it.
    expect(await screen.findByText('বিক্রি বি-০০০০১২')).toBeInTheDocument();
    expect(screen.getByText('নগদ জমা')).toBeInTheDocument();
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(screen.getByRole('heading', { name: 'Statement of Karim Traders' })).toBeInTheDocument();
    expect(screen.getByText('You owe')).toBeInTheDocument();
    expect(await screen.findByText('Sale S-000012')).toBeInTheDocument();
    expect(screen.getByTestId('statement-balance')).toHaveTextContent('1,400');
    expect(screen.getByText('Cash payment')).toBeInTheDocument();
    expect(screen.getByText('with sale S-000012')).toBeInTheDocument();
  });

  it('says plainly when the link no longer works', async () => {
    api = fakeApi({
      'GET /public/statements/gone': () => ({
        status: 404,
        data: { status: 404, message: 'gone', code: 'statement.notFound', errors: null },
      }),
    });
    renderRoutes([at('/s/:token', <StatementPage />)], '/s/gone');
    expect(await screen.findByText('এই লিংক আর চালু নেই। দোকান থেকে নতুন লিংক চেয়ে নিন।')).toBeInTheDocument();
  });
});
