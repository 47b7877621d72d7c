// One i18next instance for every app. Each app or lib registers its own namespace, so teams
// add texts without touching each other's files; English is the source language.
import i18next, { type i18n as I18n } from 'i18next';

export type Locale = 'en' | 'bn';
export const supportedLocales: readonly Locale[] = ['en', 'bn'];
export const defaultLocale: Locale = 'en';

export type Messages = { [key: string]: string | Messages };

const LOCALE_KEY = 'locale';

function readStoredLocale(): Locale {
  try {
    const stored = globalThis.localStorage?.getItem(LOCALE_KEY);
    return supportedLocales.includes(stored as Locale) ? (stored as Locale) : defaultLocale;
  } catch {
    return defaultLocale;
  }
}

const instance: I18n = i18next.createInstance();
void instance.init({
  lng: readStoredLocale(),
  fallbackLng: defaultLocale,
  resources: {},
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
});

export function registerMessages(ns: string, messages: Messages, locale: Locale = defaultLocale): void {
  instance.addResourceBundle(locale, ns, messages, true, true);
}

export type Translate = (key: string, values?: Record<string, unknown>) => string;

export function createTranslator(ns: string): Translate {
  return (key, values) => instance.t(key, { ns, ...values }) as string;
}

export function getLocale(): Locale {
  return (instance.language as Locale) ?? defaultLocale;
}

const listeners = new Set<() => void>();

export function setLocale(locale: Locale): void {
  if (locale === getLocale()) return;
  void instance.changeLanguage(locale);
  try {
    globalThis.localStorage?.setItem(LOCALE_KEY, locale);
  } catch {
    // storage may be unavailable (private mode); the choice then lasts for this page only
  }
  document.documentElement.lang = locale;
  listeners.forEach((listener) => listener());
}

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Direct access for tests and tooling; app code uses createTranslator/useT. */
export const i18n = instance;
