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
};
const message = (id: number, status: string) => ({
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
      data: { messages: [message(2, 'capped'), message(1, 'delivered')], nextCursor: null },
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

describe('MessagesPage', () => {
  it('shows each message with what became of it, the cap reached, and sends a capped one again', async () => {
    const user = userEvent.setup();
    renderRoutes([at('/messages', <MessagesPage />)], '/messages');
    expect(await screen.findByText(/No SMS service is connected/)).toBeInTheDocument();
    expect(screen.getByTestId('message-usage')).toHaveTextContent('This month: 2 of 2 messages');
    expect(screen.getByText(/The monthly limit of 2 messages is reached: 1 not sent/)).toBeInTheDocument();
    const rows = await screen.findAllByTestId('message-row');
    expect(within(rows[0]).getByText('Not sent: monthly limit reached')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Delivered')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Karim Traders · 01711-223344')).toBeInTheDocument();
    await user.click(within(rows[0]).getByRole('button', { name: /Send the message to Karim Traders/ }));
    await vi.waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.url.endsWith('/messages/2/resend'))).toBe(true),
    );
  });

  it('counts characters and SMS as the owner writes a text, and saves it with the settings', async () => {
    const user = userEvent.setup();
    renderRoutes([at('/messages', <MessagesPage />)], '/messages');
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    const count = await screen.findByTestId('count-due_reminder-bn');
    expect(count).toHaveTextContent(/· 1 SMS · Bangla or ৳: 70 characters per SMS/);
    const field = screen.getByLabelText('Due reminder in Bangla');
    await user.click(field);
    await user.paste(`{{store}}: ${'বাকি '.repeat(14)}{{due}}`);
    expect(screen.getByTestId('count-due_reminder-bn')).toHaveTextContent(/2 SMS/);
    expect(screen.getByText('Longer than one SMS: each of these messages costs 2 SMS.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Most messages a month'));
    await user.type(screen.getByLabelText('Most messages a month'), '5');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await vi.waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({
      monthlyCap: 5,
      templates: { due_reminder: { bn: expect.stringContaining('{{due}}'), en: null } },
    });
  });
});
