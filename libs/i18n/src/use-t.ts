import { useCallback, useSyncExternalStore } from 'react';
import { createTranslator, getLocale, subscribeLocale, type Locale, type Translate } from './i18n';

export function useLocale(): Locale {
  return useSyncExternalStore(subscribeLocale, getLocale, getLocale);
}

/** A translator for one namespace that re-renders the component when the language changes. */
export function useT(ns: string): Translate {
  const locale = useLocale();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback(createTranslator(ns), [ns, locale]);
}
