export {
  registerTexts,
  registrations,
  createTranslator,
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
  i18n,
} from './i18n';
export type { Locale, Catalogue, Namespace, KeyOf, KeysOf, Translate, Translations, Format } from './i18n';
export { toBengaliDigits, toLatinDigits, formatDigits, numberSupport } from './numbers';
export type { NumberStyle } from './numbers';
export { useT, useLocale } from './use-t';
