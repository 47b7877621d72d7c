export {
  registerMessages,
  createTranslator,
  getLocale,
  setLocale,
  subscribeLocale,
  supportedLocales,
  defaultLocale,
  i18n,
} from './i18n';
export type { Locale, Messages, Translate } from './i18n';
export { useT, useLocale } from './use-t';
