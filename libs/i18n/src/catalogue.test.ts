/// <reference types="vite/client" />
// The whole catalogue, found from the files (no list to keep): every `texts.ts` (English) has
// a `texts.bn.ts` beside it with the same keys, the same nesting, the same {{placeholders}} and
// formats, plurals as _one/_other, and it loads it. A namespace another team adds is checked the
// moment its files exist.
import { describe, expect, it } from 'vitest';
import { registrations, type Catalogue } from './index';

const englishFiles = import.meta.glob(['/apps/*/src/**/texts.ts', '/libs/*/src/**/texts.ts']);
const banglaFiles = import.meta.glob<{ default: Catalogue }>(['/apps/*/src/**/texts.bn.ts', '/libs/*/src/**/texts.bn.ts']);
const sources = import.meta.glob<string>(['/apps/*/src/**/texts.ts', '/libs/*/src/**/texts.ts'], {
  query: '?raw',
  import: 'default',
});

const banglaOf = (path: string) => path.replace(/texts\.ts$/, 'texts.bn.ts');
const englishOf = (path: string) => path.replace(/texts\.bn\.ts$/, 'texts.ts');
// The API has no i18n runtime: its texts.ts exports the English object as `texts`.
const isApi = (path: string) => path.startsWith('/apps/api/');

type Flat = Map<string, string>;
function flatten(tree: unknown, prefix = '', into: Flat = new Map()): Flat {
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(path, value);
    else if (value && typeof value === 'object') flatten(value, path, into);
    else into.set(path, `<not a text: ${typeof value}>`);
  }
  return into;
}

/** `{{count}}`, `{{price, taka}}` → 'count', 'price, taka' (sorted, spaces normalised). */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((m) => m[1].split(',').map((p) => p.trim()).join(', ')).sort();

/**
 * Bangla texts that keep Latin letters on purpose, each with its reason: what a person must type
 * or read exactly as it is (an address, a command), never a word that has
 * a Bangla one (CSV is সিএসভি, bKash is বিকাশ).
 */
const LATIN_KEPT: ReadonlyArray<readonly [where: RegExp, key: RegExp, reason: string]> = [
  [/"shell"/, /^support\.email$/, 'an e-mail address'],
  [/"shell"/, /^releases\.intro$/, 'the rollback command on the operators’ releases page'],
  [/"errors"/, /^validation\.releaseName$/, 'an example of a release name, typed as it is (operators only)'],
  [/"errors"/, /^code\.(request\.(invalidJson|notJson|nulCharacter)|idempotency\.keyLength)$/, 'what a program calling the API got wrong, in its own terms'],
];
const latinAllowed = (where: string, key: string) => LATIN_KEPT.some(([w, k]) => w.test(where) && k.test(key));

/** What is wrong between one English object and its Bangla, as readable lines. */
function differences(where: string, english: unknown, bangla: unknown): string[] {
  const problems: string[] = [];
  const en = flatten(english);
  const bn = flatten(bangla);
  for (const key of en.keys()) {
    if (!bn.has(key) && !key.endsWith('_zero')) problems.push(`${where}: "${key}" has no Bangla`);
  }
  for (const key of bn.keys()) {
    if (!en.has(key) && !key.endsWith('_zero')) problems.push(`${where}: "${key}" is in Bangla only`);
  }
  for (const [key, text] of bn) {
    if (text.startsWith('<not a text')) problems.push(`${where}: "${key}" in Bangla ${text}`);
    if (!text.trim()) problems.push(`${where}: "${key}" is empty in Bangla`);
    const source = en.get(key);
    if (source === undefined) continue;
    const [a, b] = [placeholders(source), placeholders(text)];
    if (a.join('|') !== b.join('|')) {
      problems.push(`${where}: "${key}" has placeholders {{${a.join('}}, {{')}}} in English but {{${b.join('}}, {{')}}} in Bangla`);
    }
    // A Bangla text left as the English words, or with English words in it: a Bangla screen
    // shows no Latin letter outside the names and numbers it is given ({{placeholders}}).
    const latin = text.replace(/\{\{[^}]*\}\}/g, '').match(/[A-Za-z][\w@.+-]*/g);
    if (text === source && latin) {
      problems.push(`${where}: "${key}" is still English in Bangla: "${text}"`);
    } else if (latin && !latinAllowed(where, key)) {
      problems.push(`${where}: "${key}" has English words in Bangla (${latin.join(', ')}): "${text}"`);
    }
  }
  // Plurals come in pairs in both languages (CLDR bn has one and other, like English). A key
  // that merely ends in _other (method_other: the payment method "other") is not a plural.
  for (const [name, flat] of [['English', en], ['Bangla', bn]] as const) {
    for (const key of flat.keys()) {
      if (key.endsWith('_one') && !flat.has(`${key.slice(0, -4)}_other`)) {
        problems.push(`${where}: ${name} "${key}" has no "${key.slice(0, -4)}_other"`);
      }
    }
  }
  return problems;
}

describe('the Bangla catalogue', () => {
  it('has a texts.bn.ts beside every texts.ts, and the other way round', () => {
    const english = Object.keys(englishFiles);
    const bangla = Object.keys(banglaFiles);
    expect(english.length).toBeGreaterThan(10);
    expect(english.filter((p) => !banglaFiles[banglaOf(p)]), 'texts.ts without its texts.bn.ts').toEqual([]);
    expect(bangla.filter((p) => !englishFiles[englishOf(p)]), 'texts.bn.ts without a texts.ts').toEqual([]);
  });

  it('is loaded lazily by each texts.ts: registerTexts(ns, english, { bn: () => import(\'./texts.bn\') })', async () => {
    const missing: string[] = [];
    for (const [path, load] of Object.entries(sources)) {
      if (isApi(path)) continue;
      const source = await load();
      if (!/import\(\s*['"]\.\/texts\.bn['"]\s*\)/.test(source)) missing.push(path);
      // A static import would put the Bangla into the English page's bytes.
      if (/^import\s[^;]*['"]\.\/texts\.bn['"]/m.test(source)) missing.push(`${path} (imports it statically)`);
    }
    expect(missing, 'texts.ts that does not load its Bangla lazily').toEqual([]);
  });

  it('has every key of every namespace in both languages, with the same placeholders', async () => {
    const problems: string[] = [];
    for (const [path, load] of Object.entries(englishFiles)) {
      const module = (await load()) as { texts?: unknown };
      if (isApi(path)) {
        const bangla = await banglaFiles[banglaOf(path)]?.();
        if (!module.texts) problems.push(`${path}: exports no \`texts\``);
        else if (bangla) problems.push(...differences(path, module.texts, bangla.default));
      }
    }
    // Every web namespace registered by those files, each with the Bangla it loads.
    const registered = registrations().filter((r) => r.ns !== 'lazy' && r.ns !== 'late');
    expect(registered.length).toBeGreaterThan(10);
    for (const registration of registered) {
      if (!registration.translations.bn) {
        problems.push(`namespace "${registration.ns}": English registered without its Bangla`);
        continue;
      }
      const bangla = await registration.translations.bn();
      problems.push(...differences(`namespace "${registration.ns}"`, registration.english, bangla.default));
    }
    expect(problems).toEqual([]);
  });

  it('finds a missing key, an extra key, a changed placeholder and a lone plural', () => {
    const english = { a: 'Only {{count}} left', b: { c: 'Sold {{n, count}}' }, d_one: 'one', d_other: 'many', e: 'Save', f_one: 'x', g: 'A4', h: 'Download CSV' };
    const bangla = { a: 'মাত্র {{available}} আছে', b: { c: 'বিক্রি {{n}}' }, d_one: 'একটি', x: 'বাড়তি', e: 'Save', f_one: 'একটি', g: 'A4', h: 'CSV নামান' };
    expect(differences('t', english, bangla)).toEqual([
      't: "d_other" has no Bangla',
      't: "x" is in Bangla only',
      't: "a" has placeholders {{count}} in English but {{available}} in Bangla',
      't: "b.c" has placeholders {{n, count}} in English but {{n}} in Bangla',
      't: "e" is still English in Bangla: "Save"',
      't: "g" is still English in Bangla: "A4"',
      't: "h" has English words in Bangla (CSV): "CSV নামান"',
      't: English "f_one" has no "f_other"',
      't: Bangla "d_one" has no "d_other"',
      't: Bangla "f_one" has no "f_other"',
    ]);
  });
});
