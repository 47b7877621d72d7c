import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@mojud/auth';
import { fakeApi } from '../../test/fake-api';
import { at, renderRoutes } from '../../test/render';
import { MessagesPage } from './messages-page';

const STORE = '11111111-1111-4111-8111-111111111111';
const settings = {
  saleReceipt: true,
  paymentReceipt: true,
  dueReminders: false,
  reminderDays: [6],
  reminderHour: 10,
  reminderMinDue: 1000,
  monthlyCap: 2,
  channel: 'sms',
  linkDays: 30,
  ownerAlerts: 'email',
  ownerPhone: null,
  ownerLanguage: 'bn',
  lowStockAlerts: true,
  dailySummary: false,
  summaryHour: 21,
  templates: {},
  paymentNumber: null,
};
const message = (id: number, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  kind: 'sale_receipt',
  channel: 'sms',
  to: '+8801711223344',
  shopId: 's1',
  shopName: 'Karim Traders',
  saleId: null,
  language: 'bn',
  text: 'Rahim Gas House: আজ ৳২,৪০০, জমা ৳১,০০০। মোট বাকি ৳১,৪০০।',
  segments: 1,
  encoding: 'ucs2',
  status,
  gateway: status === 'capped' ? null : 'capture',
  gatewayMessageId: null,
  attempts: status === 'capped' ? 0 : 1,
  lastError: status === 'capped' ? 'Monthly limit of 2 messages reached' : null,
  notBefore: null,
  createdAt: '2026-03-01T05:00:00Z',
  sentAt: null,
  deliveredAt: null,
  ...extra,
});

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  useAuthStore.setState({ currentStore: { id: STORE, name: 'Rahim Gas House', role: 'owner' } as never });
  api = fakeApi({
    [`GET /stores/${STORE}/messages/settings`]: () => ({
      status: 200,
      data: {
        settings,
        usage: { month: '2026-03', used: 2, cap: 2, capped: 1 },
        gateways: { sms: 'capture', whatsapp: 'capture' },
        linkBase: 'https://mjd.bd',
        ownerEmail: 'owner@example.com',
      },
    }),
    [`GET /stores/${STORE}/messages`]: () => ({
      status: 200,
      data: { messages: [message(2, 'capped'), message(1, 'unsent')], nextCursor: null },
    }),
    [`GET /stores/${STORE}/messages/templates`]: () => ({
      status: 200,
      data: { templates: {}, paymentNumber: null, linkBase: 'https://mjd.bd' },
    }),
    [`PUT /stores/${STORE}/messages/templates`]: (_c, body) => ({
      status: 200,
      data: { ...(body as object), linkBase: 'https://mjd.bd' },
    }),
    [`POST /stores/${STORE}/messages/2/resend`]: () => ({
      status: 200,
      data: { message: message(2, 'queued') },
    }),
    [`PUT /stores/${STORE}/messages/settings`]: (_c, body) => ({
      status: 200,
      data: {
        settings: body,
        usage: { month: '2026-03', used: 2, cap: 5, capped: 1 },
        gateways: { sms: 'capture', whatsapp: 'capture' },
        linkBase: 'https://mjd.bd',
        ownerEmail: null,
      },
    }),
  });
});
afterEach(() => api.restore());

// Long flows of typing: a busy machine types slowly, so these get more than the default 5 s.
describe('MessagesPage', { timeout: 30_000 }, () => {
  it('shows each message with what became of it, the cap reached, and sends a capped one again', async () => {
    const user = userEvent.setup();
    renderRoutes([at('/messages', <MessagesPage />)], '/messages');
    expect(await screen.findByText(/No SMS service is connected/)).toBeInTheDocument();
    expect(screen.getByTestId('message-usage')).toHaveTextContent('This month: 2 of 2 messages');
    expect(screen.getByText(/The monthly limit of 2 messages is reached: 1 not sent/)).toBeInTheDocument();
    const rows = await screen.findAllByTestId('message-row');
    expect(within(rows[0]).getByText('Not sent: monthly limit reached')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Not sent — no SMS service')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Karim Traders · 01711-223344')).toBeInTheDocument();
    await user.click(within(rows[0]).getByRole('button', { name: /Send the message to Karim Traders/ }));
    await vi.waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.url.endsWith('/messages/2/resend'))).toBe(true),
    );
  });

  it('says what became of each message, and claims nothing without a gateway', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T20:40:00Z')); // 02:40 in Dhaka
    try {
      api.restore();
      api = fakeApi({
        [`GET /stores/${STORE}/messages/settings`]: () => ({
          status: 200,
          data: {
            settings,
            usage: { month: '2026-03', used: 5, cap: 500, capped: 0 },
            gateways: { sms: 'http', whatsapp: 'capture' },
            linkBase: 'https://mjd.bd',
            ownerEmail: null,
          },
        }),
        [`GET /stores/${STORE}/messages`]: () => ({
          status: 200,
          data: {
            messages: [
              message(5, 'queued', { kind: 'due_reminder', notBefore: '2026-03-02T02:00:00Z' }),
              message(4, 'unsent', { channel: 'whatsapp' }),
              message(3, 'sent', { gateway: 'http', sentAt: '2026-03-01T05:00:05Z' }),
              message(2, 'delivered', { gateway: 'http', deliveredAt: '2026-03-01T05:00:40Z' }),
              message(1, 'failed', {
                gateway: 'http',
                lastError: 'gateway refused (400): Number is in the DND list',
              }),
            ],
            nextCursor: null,
          },
        }),
      });
      renderRoutes([at('/messages', <MessagesPage />)], '/messages');
      const rows = await screen.findAllByTestId('message-row');
      const states = rows.map((r) => within(r).getByTestId('message-state').textContent);
      expect(states).toEqual([
        'Waiting until 8:00 am',
        'Not sent — no WhatsApp service',
        'Sent',
        'Delivered',
        'Failed',
      ]);
      // Green is for a delivery report only.
      expect(within(rows[2]).getByTestId('message-state')).not.toHaveClass('ds-badge--ok');
      expect(within(rows[3]).getByTestId('message-state')).toHaveClass('ds-badge--ok');
      expect(
        within(rows[4]).getByText(/Reason: gateway refused \(400\): Number is in the DND list/),
      ).toBeInTheDocument();
      // No banner about a missing SMS service when one is connected.
      expect(screen.queryByText(/No SMS service is connected/)).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a message not sent can be copied or opened in WhatsApp to send by hand', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRoutes([at('/messages', <MessagesPage />)], '/messages');
    const rows = await screen.findAllByTestId('message-row');
    const text = 'Rahim Gas House: আজ ৳২,৪০০, জমা ৳১,০০০। মোট বাকি ৳১,৪০০।';
    expect(
      within(rows[1]).getByRole('link', {
        name: 'Send the message to Karim Traders · 01711-223344 on WhatsApp',
      }),
    ).toHaveAttribute('href', `https://wa.me/8801711223344?text=${encodeURIComponent(text)}`);
    // No gateway: sending it again would only keep it here, so there is no "Send again".
    expect(
      within(rows[1]).queryByRole('button', { name: /Send the message to .* again/ }),
    ).not.toBeInTheDocument();
    await user.click(
      within(rows[1]).getByRole('button', { name: 'Copy the message to Karim Traders · 01711-223344' }),
    );
    expect(writeText).toHaveBeenCalledWith(text);
    // The capped one has no copy button: it is sent again once the limit is raised.
    expect(within(rows[0]).queryByRole('button', { name: /Copy/ })).not.toBeInTheDocument();
  });

  it('counts characters and SMS as a text is written, names the payment number, and saves the texts', async () => {
    const user = userEvent.setup();
    renderRoutes([at('/messages', <MessagesPage />)], '/messages');
    await user.click(await screen.findByRole('tab', { name: 'Texts' }));
    const count = await screen.findByTestId('count-due_reminder-bn');
    expect(count).toHaveTextContent(/· 1 SMS · Bangla or ৳: 70 characters per SMS/);
    const field = screen.getByLabelText('Due reminder in Bangla');
    await user.click(field);
    await user.paste(`{{store}}: ${'বাকি '.repeat(14)}{{due}}`);
    expect(screen.getByTestId('count-due_reminder-bn')).toHaveTextContent(/2 SMS/);
    expect(screen.getByText('Longer than one SMS: each of these messages costs 2 SMS.')).toBeInTheDocument();
    const english = screen.getByLabelText('Due reminder in English');
    await user.click(english);
    await user.paste('{{store}}: you owe {{due}}. bKash {{payNumber}}');
    expect(
      screen.getByText(/This text names {{payNumber}} but no payment number is set above/),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your payment number (bKash, Nagad, Rocket)'), '01811555666');
    expect(screen.queryByText(/This text names {{payNumber}}/)).not.toBeInTheDocument();
    expect(screen.getByText('Rahim Gas House: you owe Tk 5,800. bKash 01811-555666')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save texts' }));
    await vi.waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toMatch(/\/messages\/templates$/);
    expect(put.body).toMatchObject({
      paymentNumber: '+8801811555666',
      templates: {
        due_reminder: {
          bn: expect.stringContaining('{{due}}'),
          en: '{{store}}: you owe {{due}}. bKash {{payNumber}}',
        },
      },
    });
  });

  it('previews the reminder with how to pay: the store’s default wallet with its number, and the shop’s code', async () => {
    api.restore();
    api = fakeApi({
      [`GET /stores/${STORE}/messages/templates`]: () => ({
        status: 200,
        data: { templates: {}, paymentNumber: null, linkBase: 'https://mjd.bd' },
      }),
      [`GET /stores/${STORE}/accounts`]: () => ({
        status: 200,
        data: {
          accounts: [
            { id: 'c', kind: 'cash', family: 'cash', provider: null, walletType: null, number: null, name: null, isDefault: true, archived: false, hasOpening: true },
            { id: 'n', kind: 'wallet', family: 'mobile', provider: 'nagad', walletType: 'merchant', number: '+8801811000111', name: null, isDefault: true, archived: false, hasOpening: true },
          ],
        },
      }),
    });
    useAuthStore.setState({ currentStore: { id: STORE, name: 'Rahim Gas House', role: 'manager' } as never });
    renderRoutes([at('/messages', <MessagesPage />)], '/messages');
    expect(
      await screen.findByText('Rahim Gas House: মোট বাকি ৳৫,৮০০। নগদ ০১৮১১-০০০১১১, রেফ C-0042।'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Rahim Gas House: Karim Traders, you owe Tk 5,800. Pay to Nagad 01811-000111, ref C-0042; ignore this if you have paid.'),
    ).toBeInTheDocument();
  });

  it('a manager sees the texts to change, and neither the messages nor the settings', async () => {
    useAuthStore.setState({ currentStore: { id: STORE, name: 'Rahim Gas House', role: 'manager' } as never });
    renderRoutes([at('/messages', <MessagesPage />)], '/messages');
    expect(await screen.findByLabelText('Due reminder in Bangla')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Settings' })).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.url.endsWith('/messages/settings'))).toBe(false);
  });
});
