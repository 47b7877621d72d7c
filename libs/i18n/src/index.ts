export {
  registerTexts,
  registrations,
  createTranslator,
  hasText,
  getLocale,
  setLocale,
  loadLocale,
  namespaceLoading,
  subscribeLocale,
  localeVersion,
  browserLocale,
  keepsLatinDigits,
  setLatinDigits,
  rememberedLocale,
  rememberedLatinDigits,
  bengaliDigits,
  registerFormat,
  supportedLocales,
  defaultLocale,
} from './i18n';
export type { Locale, Catalogue, Namespace, KeyOf, KeysOf, Translate, Translations, Format } from './i18n';
export { toBengaliDigits, toLatinDigits, formatDigits, numberSupport } from './numbers';
export type { NumberStyle } from './numbers';
export { useT, useLocale } from './use-t';
