import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@mojud/auth';
import { getLocale, keepsLatinDigits, setLatinDigits, setLocale } from '@mojud/i18n';
import '../texts';
import { fakeApi } from '../test/fake-api';
import { followSignedInUsers, followUserLanguage } from './language';
import { LanguageSwitch } from './language-switch';

const rahim = { id: 'u1', username: 'rahim', email: 'rahim@example.com', firstName: null, lastName: null, locale: null, latinDigits: false };
let server: ReturnType<typeof fakeApi> | undefined;

afterEach(async () => {
  server?.restore();
  server = undefined;
  useAuthStore.getState().clearUser();
  await act(() => setLocale('en'));
  setLatinDigits(false);
  localStorage.clear(); // the next test starts on a device that never chose
});

describe('choosing the language', () => {
  it('signed out, switches the page and keeps the choice in this browser only', async () => {
    server = fakeApi({});
    const user = userEvent.setup();
    render(<LanguageSwitch />);
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'বাংলা' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('bn'));
    expect(screen.getByRole('group', { name: 'ভাষা' })).toBeInTheDocument();
    expect(localStorage.getItem('locale')).toBe('bn');
    expect(server.calls).toEqual([]);
  });

  it('signed in, saves it on the profile so a new device starts in it', async () => {
    server = fakeApi({ 'PATCH /user/me': (_c, body) => ({ status: 200, data: { user: { ...rahim, ...(body as object) } } }) });
    useAuthStore.getState().setUser(rahim);
    const user = userEvent.setup();
    render(<LanguageSwitch />);
    await user.click(screen.getByRole('button', { name: 'বাংলা' }));
    await waitFor(() => expect(useAuthStore.getState().user?.locale).toBe('bn'));
    expect(server.calls).toEqual([{ method: 'PATCH', url: '/user/me', body: { locale: 'bn' } }]);
    expect(getLocale()).toBe('bn');
  });

  it("a tap while the first sign-in's seed is still on its way is what the profile keeps", async () => {
    // The server applies each PATCH as it arrives; the seed (this browser's English) answers slowly.
    let saved = { ...rahim };
    let answerSeed = () => {};
    server = fakeApi({
      'PATCH /user/me': async (_c, body) => {
        if ((body as { locale?: string }).locale === 'en') await new Promise<void>((resolve) => (answerSeed = resolve));
        saved = { ...saved, ...(body as object) };
        return { status: 200, data: { user: saved } };
      },
    });
    useAuthStore.getState().setUser(rahim);
    const user = userEvent.setup();
    render(<LanguageSwitch />);
    const seeded = followUserLanguage(rahim);
    await user.click(screen.getByRole('button', { name: 'বাংলা' }));
    expect(server.calls.map((call) => call.body)).toEqual([{ locale: 'en' }]); // the tap waits its turn
    answerSeed();
    await act(() => seeded);
    await waitFor(() => expect(server!.calls.map((call) => call.body)).toEqual([{ locale: 'en' }, { locale: 'bn' }]));
    await waitFor(() => expect(saved.locale).toBe('bn'));
    expect(getLocale()).toBe('bn');
  });

  it('a device that never chose takes the language and digits saved on the profile at sign-in, and keeps them', async () => {
    server = fakeApi({});
    followSignedInUsers();
    await act(async () => {
      useAuthStore.getState().setUser({ ...rahim, locale: 'bn', latinDigits: true });
      await followUserLanguage(useAuthStore.getState().user);
    });
    expect(getLocale()).toBe('bn');
    expect(keepsLatinDigits()).toBe(true);
    expect(server.calls).toEqual([]); // nothing to save: the profile already says so
    expect([localStorage.getItem('locale'), localStorage.getItem('digits')]).toEqual(['bn', 'latin']);
  });

  it('a device that chose keeps its language and digits when the account says otherwise', async () => {
    server = fakeApi({});
    followSignedInUsers();
    // This phone was set to Bangla with Bengali digits; later the laptop chose English and 0-9.
    await act(() => setLocale('bn'));
    setLatinDigits(false);
    await act(async () => {
      useAuthStore.getState().setUser({ ...rahim, locale: 'en', latinDigits: true });
      await followUserLanguage(useAuthStore.getState().user);
    });
    expect(getLocale()).toBe('bn');
    expect(keepsLatinDigits()).toBe(false);
    expect(server.calls).toEqual([]);
  });

  it('gives an account that never chose the language of the page it signs in on', async () => {
    server = fakeApi({ 'PATCH /user/me': (_c, body) => ({ status: 200, data: { user: { ...rahim, ...(body as object) } } }) });
    followSignedInUsers();
    await act(() => setLocale('bn'));
    useAuthStore.getState().setUser(rahim); // a sign-in
    await waitFor(() => expect(useAuthStore.getState().user?.locale).toBe('bn'));
    expect(server.calls).toEqual([{ method: 'PATCH', url: '/user/me', body: { locale: 'bn' } }]);
  });
});
