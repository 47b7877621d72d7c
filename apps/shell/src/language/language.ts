// A person's language and digits: chosen in the top bar, on the public pages or in the profile;
// kept in this browser while signed out and on the profile once signed in, so the choice follows
// the person to every phone and computer. The first default is the browser's own language.
import { api } from '@mojud/api-client';
import { useAuthStore, type AuthUser } from '@mojud/auth';
import { getLocale, keepsLatinDigits, setLatinDigits, setLocale, type Locale } from '@mojud/i18n';

type Choice = { locale?: Locale; latinDigits?: boolean };

async function saveOnProfile(choice: Choice): Promise<void> {
  if (!useAuthStore.getState().user) return;
  const { data } = await api.patch<{ user: AuthUser }>('/user/me', choice);
  useAuthStore.getState().setUser(data.user);
}

/** Switches the interface language; signed in, it is saved on the profile too. */
export async function chooseLocale(locale: Locale): Promise<void> {
  await setLocale(locale);
  await saveOnProfile({ locale });
}

/** Latin digits (0-9) in Bangla, or Bengali ones; saved on the profile. */
export async function chooseLatinDigits(latin: boolean): Promise<void> {
  setLatinDigits(latin);
  await saveOnProfile({ latinDigits: latin });
}

/**
 * Applies the signed-in person's saved choice (a sign-in on a new device opens in their
 * language). An account that never chose keeps this page's language, which is then saved.
 */
export function followUserLanguage(user: AuthUser | null | undefined): Promise<void> {
  if (!user) return Promise.resolve();
  if (typeof user.latinDigits === 'boolean' && user.latinDigits !== keepsLatinDigits()) setLatinDigits(user.latinDigits);
  if (user.locale) return setLocale(user.locale);
  return saveOnProfile({ locale: getLocale() }).catch(() => undefined);
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
