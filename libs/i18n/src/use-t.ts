import { useCallback, useSyncExternalStore } from 'react';
import { createTranslator, getLocale, localeVersion, namespaceLoading, subscribeLocale, type Locale, type Namespace, type Translate } from './i18n';

export function useLocale(): Locale {
  useSyncExternalStore(subscribeLocale, localeVersion, localeVersion);
  return getLocale();
}

/**
 * A translator for one namespace that re-renders the component when the language or the digits
 * change. While the namespace's texts in the current language are still downloading (a remote's
 * Bangla, right after its code), the component suspends: the page paints once, in one language.
 * `ns` as its texts.ts exports it (what registerTexts returned) types the keys `t` takes.
 */
export function useT<K extends string>(ns: Namespace<K>): Translate<K>;
export function useT(ns: string): Translate;
export function useT(ns: string): Translate {
  const version = useSyncExternalStore(subscribeLocale, localeVersion, localeVersion);
  // The translator reads the texts when called, so it can be made before they arrive.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const translate = useCallback(createTranslator(ns), [ns, version]);
  // Suspends by throwing the load, not with use(): React replays a component that suspended in
  // use() as soon as the promise settles, and by then the texts are in and use() is not called
  // again, which React does not allow ("Update hook called on initial render", error 467 in
  // production: the vehicle's closes page showed its error box on a busy machine). A thrown
  // promise is not replayed: the component renders afresh once its texts are there.
  const loading = namespaceLoading(ns);
  if (loading) throw loading;
  return translate;
}
