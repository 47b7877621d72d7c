import { use, useCallback, useSyncExternalStore } from 'react';
import { createTranslator, getLocale, localeVersion, namespaceLoading, subscribeLocale, type Locale, type Translate } from './i18n';

export function useLocale(): Locale {
  useSyncExternalStore(subscribeLocale, localeVersion, localeVersion);
  return getLocale();
}

/**
 * A translator for one namespace that re-renders the component when the language or the digits
 * change. While the namespace's texts in the current language are still downloading (a remote's
 * Bangla, right after its code), the component suspends: the page paints once, in one language.
 */
export function useT(ns: string): Translate {
  const version = useSyncExternalStore(subscribeLocale, localeVersion, localeVersion);
  const loading = namespaceLoading(ns);
  if (loading) use(loading);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback(createTranslator(ns), [ns, version]);
}
