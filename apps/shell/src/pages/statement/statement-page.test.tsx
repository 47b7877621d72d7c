import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { at, renderRoutes } from '../../test/render';
import { dynamicBanglaQr } from '@mojud/domain';
import { StatementPage } from './statement-page';

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  api?.restore();
  delete (navigator as { clipboard?: unknown }).clipboard;
  delete (document as { execCommand?: unknown }).execCommand;
});

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
  payment: null,
};

// The demo store's Bangla QR with Tk 3,500 and the shop's code written in (a dynamic QR).
const QR = dynamicBanglaQr(
  '00020101021126380020com.example.banglaqr0110DEMO0000425204598353030505802BD5915RAHIM GAS HOUSE6005DHAKA62210706DEMO010807PAYMENT63043A6A',
  { amount: 3500, reference: 'C-0042' },
);
const owing = {
  ...statement,
  balance: 3500,
  payment: {
    amount: 3500,
    reference: 'C-0042',
    wallets: [{ accountId: 'a1', provider: 'bkash', walletType: 'personal', number: '+8801711223344' }],
    qrPayload: QR,
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

  it('asks a shop that owes for payment: the QR with the amount, the reference, the number with a copy button', async () => {
    api = fakeApi({ 'GET /public/statements/Ab3xYz7Qw9Kp': () => ({ status: 200, data: owing }) });
    const writeText = vi.fn().mockResolvedValue(undefined);
    // After userEvent's set-up, which puts a clipboard of its own on the navigator.
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRoutes([at('/s/:token', <StatementPage />)], '/s/Ab3xYz7Qw9Kp');
    const block = await screen.findByRole('region', { name: '৳৩,৫০০ পরিশোধ করুন' });
    // The QR, drawn as SVG, names what it asks for.
    expect(within(block).getByRole('img', { name: '৳৩,৫০০ পরিশোধের বাংলা কিউআর, রেফারেন্স C-0042' }).tagName).toBe('svg');
    expect(within(block).getByTestId('payment-reference')).toHaveTextContent('C-0042');
    expect(within(block).getByTestId('payment-number')).toHaveTextContent('০১৭১১-২২৩৩৪৪');
    expect(within(block).getByText('বিকাশ')).toBeInTheDocument();
    await user.click(within(block).getByRole('button', { name: '০১৭১১-২২৩৩৪৪ নম্বরটি কপি করুন' }));
    // The number as a wallet app takes it: eleven Latin digits.
    expect(writeText).toHaveBeenCalledWith('01711223344');
    expect(within(block).getByRole('status')).toHaveTextContent('০১৭১১-২২৩৩৪৪ কপি হয়েছে');
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Pay Tk 3,500' })).toBeInTheDocument();
    expect(screen.getByText('(Send Money)')).toBeInTheDocument();
  });

  it('copies the older way where the clipboard cannot be used, and says so when that fails too', async () => {
    api = fakeApi({ 'GET /public/statements/Ab3xYz7Qw9Kp': () => ({ status: 200, data: { ...owing, language: 'en' } }) });
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const execCommand = vi.fn().mockReturnValue(true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    renderRoutes([at('/s/:token', <StatementPage />)], '/s/Ab3xYz7Qw9Kp');
    const copy = await screen.findByRole('button', { name: 'Copy the number 01711-223344' });
    await user.click(copy);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(screen.getByRole('status')).toHaveTextContent('Copied 01711-223344');
    execCommand.mockReturnValue(false);
    await user.click(copy);
    expect(screen.getByRole('status')).toHaveTextContent('Could not copy. Select the number and copy it by hand.');
  });

  it('shows no payment block when the shop owes nothing', async () => {
    api = fakeApi({ 'GET /public/statements/Ab3xYz7Qw9Kp': () => ({ status: 200, data: { ...statement, balance: 0 } }) });
    renderRoutes([at('/s/:token', <StatementPage />)], '/s/Ab3xYz7Qw9Kp');
    expect(await screen.findByText('কোনো বাকি নেই')).toBeInTheDocument();
    expect(screen.queryByTestId('payment-request')).not.toBeInTheDocument();
  });
});
