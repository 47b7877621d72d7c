// One translator for every app. Each app or lib registers its own namespace, so teams add texts
// without touching each other's files; English is the source language and is bundled, every
// other language is a chunk of its own, loaded only when a person chooses it.
import { formatDigits } from './numbers';

export type Locale = 'en' | 'bn';
export const supportedLocales: readonly Locale[] = ['en', 'bn'];
export const defaultLocale: Locale = 'en';

export type Catalogue = { [key: string]: string | Catalogue };

// ---- typed keys: a namespace's name carries the keys of its English texts -------------------

declare const keysOf: unique symbol;

/**
 * A namespace's name as registerTexts returns it: a plain string at run time, carrying the
 * keys of its English catalogue for the type checker, so `useT(ns)('some.key')` fails `tsc` on a
 * key the catalogue does not have.
 */
export type Namespace<K extends string = string> = string & { readonly [keysOf]: K };

/** The keys a namespace takes: `KeyOf<typeof ns>` (any string for an untyped name). */
export type KeyOf<N> = N extends Namespace<infer K> ? K : string;

/** Dotted paths of a catalogue's texts: `{ sale: { title } }` → 'sale.title' (any path for an untyped `Catalogue`). */
export type Leaves<M, P extends string = ''> = string extends keyof M
  ? `${P}${string}`
  : {
      [K in keyof M & string]: M[K] extends string ? `${P}${K}` : Leaves<M[K], `${P}${K}.`>;
    }[keyof M & string];

/** `loaded` for `loaded_one` and `loaded_other`: `t` picks the plural form from `count`. */
type PluralBases<L extends string, All extends string = L> = L extends `${infer B}_one`
  ? `${B}_other` extends All
    ? B
    : never
  : never;

/** The keys `t` takes for a catalogue: its texts' paths and the base of each plural. */
export type KeysOf<M> = Leaves<M> | PluralBases<Leaves<M>>;

// A `_zero` form is optional in either language (CLDR bn has none; `t` uses it when present).
type Optional = `${string}_zero`;
type KeyMismatch<English extends string, Other extends string> =
  | `"${Exclude<English, Other | Optional>}" has no translation`
  | `"${Exclude<Other, English | Optional>}" is not in the English`;

/**
 * The catalogue a loader gives. A loader written `import(...).then((bn) => ({ default: ... }))`
 * also carries the wide `{ default: Catalogue }` its context suggests; that member is left out.
 */
type Loaded<F> = F extends () => Promise<infer R> ? (R extends { default: infer T } ? (string extends keyof T ? never : T) : never) : never;

/** The loaders as given when each loads a catalogue with the English keys; a loader that does not reads as the first key that differs. */
type SameKeys<English extends string, L> = {
  [Lc in keyof L]: [KeyMismatch<English, Leaves<Loaded<L[Lc]>>>] extends [never] ? L[Lc] : KeyMismatch<English, Leaves<Loaded<L[Lc]>>>;
};

/** How a namespace's other languages load: `{ bn: () => import('./texts.bn') }`. */
export type Translations = Partial<Record<Locale, () => Promise<{ default: Catalogue }>>>;

const LOCALE_KEY = 'locale';
const DIGITS_KEY = 'digits';

const storage = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string) {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      // storage may be unavailable (private mode); the choice then lasts for this page only
    }
  },
};

const isLocale = (value: unknown): value is Locale => supportedLocales.includes(value as Locale);

/** The first language of the browser's list that Mojud speaks (`bn-BD` → bn), else English. */
export function browserLocale(languages: readonly string[] = globalThis.navigator?.languages ?? []): Locale {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return defaultLocale;
}

/** The choice this browser remembers, else the browser's own language. */
function startLocale(): Locale {
  const stored = storage.get(LOCALE_KEY);
  return isLocale(stored) ? stored : browserLocale();
}

// ---- formats: every value interpolated into a message goes through one of these -------------

export type Format = (value: unknown) => string;
const formats = new Map<string, Format>();
let latinDigits = storage.get(DIGITS_KEY) === 'latin';

/** Whether numbers show in Bengali digits now (Bangla, unless the person keeps Latin digits). */
export const bengaliDigits = () => getLocale() === 'bn' && !latinDigits;

/**
 * Names a formatter for messages: `{{amount, taka}}`, `{{day, date}}`. The design system
 * registers money and dates; numbers without a format use `number`.
 */
export function registerFormat(name: string, format: Format): void {
  formats.set(name, format);
}
registerFormat('number', (value) =>
  typeof value === 'number' ? formatDigits(value, { bengali: bengaliDigits(), decimals: 2 }) : String(value ?? ''),
);

const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/**
 * Puts values into a text's `{{name}}` and `{{name, format, format}}` places. Every value passes
 * through a format, so a plain `{{count}}` gets the reader's digits too (`number`), and so does
 * a format nobody registered. No HTML escaping: React escapes already. A value not given keeps
 * its place, so a missing one shows; one given as undefined or null leaves the place empty.
 */
function interpolate(text: string, values: Record<string, unknown>): string {
  const number = formats.get('number')!;
  return text.replace(/\{\{(.+?)\}\}/g, (place, inside: string) => {
    const [name, ...names] = inside.split(',').map((part) => part.trim());
    const given = own(values, name) ? values[name] : undefined;
    const value = names.length
      ? names.map((format) => formats.get(format.split('(')[0]) ?? number).reduce<unknown>((current, format) => format(current), given)
      : typeof given === 'number'
        ? number(given)
        : given;
    if (value === undefined) return own(values, name) ? '' : place;
    return String(value ?? '');
  });
}

// ---- the texts of each language -------------------------------------------------------------

/** Each language's texts by namespace, as registered and loaded. */
const catalogues: Record<Locale, Record<string, Catalogue>> = { en: {}, bn: {} };
let language = startLocale();

// The page's language from the first paint: the stored choice, not the HTML's default.
if (typeof document !== 'undefined') document.documentElement.lang = language;

/** Copies `texts` into `into`: a text replaces the one there, groups merge (a namespace registered in parts). */
function merge(into: Catalogue, texts: Catalogue): Catalogue {
  for (const [key, text] of Object.entries(texts)) {
    const there = into[key];
    into[key] = typeof text === 'string' ? text : merge(typeof there === 'object' ? there : {}, text);
  }
  return into;
}

const addTexts = (locale: Locale, ns: string, texts: Catalogue) => merge((catalogues[locale][ns] ??= {}), texts);

/** The text at a dotted key, if there is one: only the catalogue's own keys count ('toString' is none). */
function textAt(locale: Locale, ns: string, key: string): string | undefined {
  let node: unknown = catalogues[locale];
  for (const part of [ns, ...key.split('.')]) {
    if (typeof node !== 'object' || node === null || !own(node, part)) return undefined;
    node = (node as Catalogue)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules: Partial<Record<Locale, Intl.PluralRules>> = {};

/**
 * The text of `key` in the language `lng` names (the current one by default), else in English.
 * With a numeric `count`: its `_zero` form for 0 when there is one, else the form CLDR gives
 * the count in that language (`_one`, `_other`; bn puts 0 and 1 in `one`), else the plain key.
 */
function lookup(ns: string, key: string, { lng, count }: Record<string, unknown>): string | undefined {
  const first = lng || language;
  const locales = isLocale(first) && first !== defaultLocale ? [first, defaultLocale] : [defaultLocale];
  for (const locale of locales) {
    const keys = [key];
    if (count !== undefined && typeof count !== 'string') {
      keys.unshift(`${key}_${(pluralRules[locale] ??= new Intl.PluralRules(locale)).select(count as number)}`);
      if (count === 0) keys.unshift(`${key}_zero`);
    }
    for (const candidate of keys) {
      const text = textAt(locale, ns, candidate);
      if (text !== undefined) return text;
    }
  }
  return undefined;
}

// ---- namespaces and their languages ---------------------------------------------------------

interface Registration {
  ns: string;
  english: Catalogue;
  translations: Translations;
  /** Languages whose texts are in (or failed, and show in English). */
  done: Set<Locale>;
  loading: Partial<Record<Locale, Promise<void>>>;
}
const registry: Registration[] = [];

const pending = (r: Registration, locale: Locale) => locale !== defaultLocale && !r.done.has(locale) && !!r.translations[locale];

function loadInto(r: Registration, locale: Locale): Promise<void> {
  return (r.loading[locale] ??= r.translations[locale]!()
    .then((module) => void addTexts(locale, r.ns, module.default))
    // A chunk that failed to download: the namespace shows in English rather than not at all.
    .catch((error: unknown) => console.error(`Texts of ${r.ns} in ${locale} could not be loaded`, error))
    .finally(() => r.done.add(locale)));
}

/** Loads what is still missing in `locale` of the registrations that match. */
const loadWhere = (locale: Locale, match: (r: Registration) => boolean) =>
  registry.filter((r) => match(r) && pending(r, locale)).map((r) => loadInto(r, locale));

/**
 * Registers a namespace's English texts and, beside them, how its other languages load.
 * `registerTexts('fleet', english, { bn: () => import('./texts.bn') })` keeps the Bangla in a
 * chunk an English page never downloads, and returns the namespace's name typed with its keys:
 * `useT` of it takes only those keys, and a Bangla catalogue whose keys differ from the English
 * is a type error here. A part of a namespace that lives in another chunk registers into it
 * (`registerTexts(ns, { sale: {...} }, ...)`) and gets the namespace with its own keys added.
 * Passing a locale instead adds texts in that language now (tests).
 */
export function registerTexts<M extends Catalogue, K extends string = never, L extends Translations = Translations>(
  ns: Namespace<K> | string,
  texts: M,
  translations?: L & SameKeys<Leaves<M>, L>,
): Namespace<K | KeysOf<M>>;
export function registerTexts(ns: string, texts: Catalogue, locale: Locale): void;
export function registerTexts(ns: string, texts: Catalogue, translations: Translations | Locale = defaultLocale): Namespace | void {
  if (typeof translations === 'string') {
    addTexts(translations, ns, texts);
    return;
  }
  addTexts(defaultLocale, ns, texts);
  const registration: Registration = { ns, english: texts, translations, done: new Set(), loading: {} };
  registry.push(registration);
  // A page's chunk registers its texts as it loads: in Bangla, its Bangla starts at once.
  if (pending(registration, getLocale())) void loadInto(registration, getLocale());
  return ns as Namespace;
}

/** Every namespace registered so far, with its English and its loaders (for the catalogue test). */
export function registrations(): ReadonlyArray<Readonly<Pick<Registration, 'ns' | 'english' | 'translations'>>> {
  return registry;
}

/** Resolves when every namespace registered so far has its texts in `locale`. */
export async function loadLocale(locale: Locale = getLocale()): Promise<void> {
  for (let loads = loadWhere(locale, () => true); loads.length; loads = loadWhere(locale, () => true)) await Promise.all(loads);
}

const waits = new Map<string, Promise<void>>();

/** A promise (the same one until it settles) while `ns` still waits for its texts in the current language, else null. */
export function namespaceLoading(ns: string): Promise<void> | null {
  const locale = getLocale();
  const loads = loadWhere(locale, (r) => r.ns === ns);
  if (!loads.length) return null;
  if (loads.length === 1) return loads[0];
  const key = `${locale}:${ns}`;
  let wait = waits.get(key);
  if (!wait) {
    wait = Promise.all(loads).then(() => void waits.delete(key));
    waits.set(key, wait);
  }
  return wait;
}

// ---- translating ----------------------------------------------------------------------------

/**
 * Says a key of one namespace in the current language (or the one `values.lng` names), else in
 * English, else the key itself; `K` is the keys it takes (any string when untyped).
 */
export type Translate<K extends string = string> = (key: K, values?: Record<string, unknown>) => string;

/** A translator for one namespace: typed by its keys when `ns` is what registerTexts returned. */
export function createTranslator<K extends string>(ns: Namespace<K>): Translate<K>;
export function createTranslator(ns: string): Translate;
export function createTranslator(ns: string): Translate {
  return (key, values = {}) => interpolate(lookup(ns, key, values) ?? key, values);
}

/**
 * Whether `ns` has a text for `key` in the current language (or `values.lng`) or in English,
 * a plural's base counting when `values.count` is given: for keys made from a server's answer.
 */
export function hasText(ns: string, key: string, values: Record<string, unknown> = {}): boolean {
  return lookup(ns, key, values) !== undefined;
}

export function getLocale(): Locale {
  return language;
}

export function keepsLatinDigits(): boolean {
  return latinDigits;
}

/**
 * The language this browser keeps (chosen on it, or seeded by the first sign-in on it), or null
 * when it has none yet. A device's own choice wins over the one saved on the account.
 */
export function rememberedLocale(): Locale | null {
  const stored = storage.get(LOCALE_KEY);
  return isLocale(stored) ? stored : null;
}

/** Whether this browser keeps Latin digits (true), Bengali ones (false), or has no choice yet (null). */
export function rememberedLatinDigits(): boolean | null {
  const stored = storage.get(DIGITS_KEY);
  return stored === 'latin' ? true : stored === 'bengali' ? false : null;
}

const listeners = new Set<() => void>();
let version = 0;
const changed = () => {
  version += 1;
  listeners.forEach((listener) => listener());
};

/** Changes on every change of language or digits (for useSyncExternalStore). */
export const localeVersion = () => version;

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let choices = 0;

/**
 * Switches the interface language once its texts are loaded (the page never shows half of
 * each), remembers the choice in this browser and sets `<html lang>`.
 */
export async function setLocale(locale: Locale, { remember = true }: { remember?: boolean } = {}): Promise<void> {
  if (remember) storage.set(LOCALE_KEY, locale);
  // The latest choice wins: a switch to Bangla still loading its texts must not land after a
  // later switch to English that had nothing to load (the statement page asks for its default,
  // then the shop's language, a moment apart).
  const choice = ++choices;
  await loadLocale(locale);
  if (choice !== choices || locale === getLocale()) return;
  language = locale;
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  changed();
}

/** Keeps Latin digits (0-9) in Bangla when true; Bangla shows Bengali digits otherwise. */
export function setLatinDigits(latin: boolean, { remember = true }: { remember?: boolean } = {}): void {
  if (remember) storage.set(DIGITS_KEY, latin ? 'latin' : 'bengali');
  if (latin === latinDigits) return;
  latinDigits = latin;
  changed();
}
