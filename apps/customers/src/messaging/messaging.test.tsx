import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { useAuthStore } from '@mojud/auth';
import { ok, renderWithQuery } from '@mojud/api-client/testing';
import { MessageModal } from './message-modal';
import { StatementModal } from './statement-modal';

afterEach(() => vi.restoreAllMocks());

const STORE = '11111111-1111-4111-8111-111111111111';
const TEXT = 'Rahim Gas House: মোট বাকি ৳২,৪০০। অনুগ্রহ করে পরিশোধ করুন।';
const shop = { id: 's1', name: 'Karim Traders', due: 2400, phone: '+8801711223344', language: 'bn' as const };

describe('MessageModal', () => {
  it('shows the reminder with its length, opens WhatsApp with it, and sends it as one SMS per opening', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(
      ok({
        text: TEXT,
        language: 'bn',
        segments: 1,
        encoding: 'ucs2',
        to: shop.phone,
        whatsappUrl: `https://wa.me/8801711223344?text=${encodeURIComponent(TEXT)}`,
        message: null,
      }) as never,
    );
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValue(ok({ message: { status: 'queued', notBefore: null } }) as never);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<MessageModal storeId={STORE} shop={shop} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Message to Karim Traders' });
    expect(await within(dialog).findByText(TEXT)).toBeInTheDocument();
    expect(within(dialog).getByText('58 characters · 1 SMS')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/8801711223344?text=${encodeURIComponent(TEXT)}`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send as SMS' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, , config] = post.mock.calls[0] as [string, unknown, { headers: Record<string, string> }];
    expect(url).toBe(`/stores/${STORE}/shops/s1/reminders`);
    expect(config.headers['Idempotency-Key']).toMatch(/.{16,}/);
  }, 20_000);

  it('says so when the shop has no mobile, instead of offering to send', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(
      ok({
        text: TEXT,
        language: 'bn',
        segments: 1,
        encoding: 'ucs2',
        to: null,
        whatsappUrl: null,
        message: null,
      }) as never,
    );
    renderWithQuery(
      <MessageModal
        storeId={STORE}
        shop={{ id: shop.id, name: shop.name, due: shop.due }}
        onClose={() => {}}
      />,
    );
    expect(await screen.findByText(/has no mobile number/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open WhatsApp' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send as SMS' })).toBeNull();
  }, 20_000);
});

describe('StatementModal', () => {
  it('makes a link, shows it once to copy or share on WhatsApp, and turns a link off', async () => {
    useAuthStore.setState({ currentStore: { id: STORE, name: 'Rahim Gas House', role: 'staff' } as never });
    const link = {
      id: 'l1',
      shopId: 's1',
      createdAt: '2026-03-01T05:00:00Z',
      expiresAt: '2099-03-31T05:00:00Z',
      revokedAt: null,
      lastOpenedAt: null,
      openCount: 0,
      createdBy: 'Rahim',
    };
    vi.spyOn(api, 'get').mockResolvedValue(ok({ links: [link] }) as never);
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValueOnce(ok({ link, url: 'https://mjd.bd/s/Ab3xYz7Qw9Kp', message: null }) as never)
      .mockResolvedValueOnce(ok({ link: { ...link, revokedAt: '2026-03-02T00:00:00Z' } }) as never);
    const user = userEvent.setup();
    renderWithQuery(<StatementModal storeId={STORE} shop={shop} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Statement link: Karim Traders' });
    await user.selectOptions(within(dialog).getByLabelText('Link works for'), '7');
    await user.click(within(dialog).getByLabelText('Also send it to the shop by SMS'));
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByDisplayValue('https://mjd.bd/s/Ab3xYz7Qw9Kp')).toBeInTheDocument();
    expect(post.mock.calls[0][1]).toEqual({ expiresInDays: 7, send: true });
    const share = within(dialog).getByRole('link', { name: 'Share on WhatsApp' });
    expect(decodeURIComponent(share.getAttribute('href')!)).toContain(
      'Rahim Gas House: আপনার হিসাব দেখুন https://mjd.bd/s/Ab3xYz7Qw9Kp',
    );
    await user.click(within(dialog).getByRole('button', { name: /^Turn off the link made/ }));
    await vi.waitFor(() =>
      expect(post).toHaveBeenCalledWith(`/stores/${STORE}/statement-links/l1/revoke`, {}),
    );
  }, 20_000);
});
