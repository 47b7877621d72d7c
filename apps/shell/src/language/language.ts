// A person's language and digits belong to the device: chosen in the top bar, on the public
// pages or in the profile, they are kept in this browser. The account keeps the latest choice
// too, but only to seed a phone or computer that has never had one (its first sign-in); a
// laptop switched to English never turns the owner's Bangla phone English. The first default
// is the browser's own language.
import { api } from '@mojud/api-client';
import { useAuthStore, type AuthUser } from '@mojud/auth';
import { getLocale, keepsLatinDigits, rememberedLatinDigits, rememberedLocale, setLatinDigits, setLocale, type Locale } from '@mojud/i18n';

type Choice = { locale?: Locale; latinDigits?: boolean };

let lastSave: Promise<unknown> = Promise.resolve();

/**
 * Saves one choice on the profile, after any save still on its way: the first sign-in's seed and
 * a tap on the switch a moment later reach the server in that order, so the tap is what it keeps.
 */
function saveOnProfile(choice: Choice): Promise<void> {
  const save = lastSave.catch(() => undefined).then(async () => {
    if (!useAuthStore.getState().user) return;
    const { data } = await api.patch<{ user: AuthUser }>('/user/me', choice);
    useAuthStore.getState().setUser(data.user);
  });
  lastSave = save;
  return save;
}

/** Switches this device's language; signed in, it is saved on the profile too (for new devices). */
export async function chooseLocale(locale: Locale): Promise<void> {
  await setLocale(locale);
  await saveOnProfile({ locale });
}

/** Latin digits (0-9) in Bangla, or Bengali ones, on this device; saved on the profile for new devices. */
export async function chooseLatinDigits(latin: boolean): Promise<void> {
  setLatinDigits(latin);
  await saveOnProfile({ latinDigits: latin });
}

/**
 * At a sign-in (or a refreshed profile): this device keeps the language and digits it has; a
 * device that has none takes the account's (a new phone opens in the person's language) and
 * keeps them from then on. An account that never chose gets this device's language.
 */
export function followUserLanguage(user: AuthUser | null | undefined): Promise<void> {
  if (!user) return Promise.resolve();
  const digits = rememberedLatinDigits() ?? (typeof user.latinDigits === 'boolean' ? user.latinDigits : keepsLatinDigits());
  setLatinDigits(digits);
  const locale = rememberedLocale() ?? user.locale ?? getLocale();
  const shown = setLocale(locale);
  const seeded = user.locale ? Promise.resolve() : saveOnProfile({ locale }).catch(() => undefined);
  return Promise.all([shown, seeded]).then(() => undefined);
}

let following = false;

/** From now on, every sign-in (and every refreshed profile) brings its saved language with it. */
export function followSignedInUsers(): void {
  if (following) return;
  following = true;
  useAuthStore.subscribe((state, previous) => {
    if (state.user && state.user !== previous.user) void followUserLanguage(state.user);
  });
}
