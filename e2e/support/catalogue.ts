import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { registrations } from '@mojud/i18n';

/**
 * The app's texts in English and Bangla, read from the same source files the apps bundle (every
 * texts.ts under apps/ and libs/, and the Bangla each one loads). Specs use it to find a button
 * by its words in the language of the page, and to spot English words on a Bangla page.
 */
export interface Text {
  ns: string;
  key: string;
  en: string;
  bn: string;
}

const root = fileURLToPath(new URL('../..', import.meta.url));

function* catalogueFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* catalogueFiles(full);
    else if (entry.name === 'texts.ts') yield full;
  }
}

function flatten(tree: unknown, prefix = '', into = new Map<string, string>()) {
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(full, value);
    else if (value && typeof value === 'object') flatten(value, full, into);
  }
  return into;
}

let loading: Promise<Text[]> | null = null;

/** Every text of the web apps with its Bangla. */
export function catalogue(): Promise<Text[]> {
  loading ??= (async () => {
    const files = ['apps', 'libs'].flatMap((dir) => [...catalogueFiles(path.join(root, dir))]).filter((f) => !f.includes(`${path.sep}api${path.sep}`));
    for (const file of files) await import(pathToFileURL(file).href);
    const texts: Text[] = [];
    for (const registration of registrations()) {
      const bangla = registration.translations.bn ? flatten((await registration.translations.bn()).default) : new Map<string, string>();
      for (const [key, en] of flatten(registration.english)) texts.push({ ns: registration.ns, key, en, bn: bangla.get(key) ?? en });
    }
    return texts;
  })();
  return loading;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A catalogue template as a pattern: `Sell {{name}}` → /^Sell (.+)$/, each value filled in when given. */
export function templatePattern(template: string, values: Record<string, string | RegExp> = {}, anchored = true): RegExp {
  const parts = template.split(/(\{\{[^}]+\}\})/);
  const source = parts
    .map((part) => {
      const name = /^\{\{\s*([^,}\s]+)/.exec(part)?.[1];
      if (!name) return escape(part);
      const value = values[name];
      return value === undefined ? '.+?' : typeof value === 'string' ? escape(value) : value.source;
    })
    .join('');
  return new RegExp(anchored ? `^${source}$` : source);
}
