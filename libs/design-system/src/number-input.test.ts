/// <reference types="vite/client" />
// Every number a person types reaches the form through parseNumber, in Bengali or Latin digits:
// `Number('৫')` is NaN (the schema then says "সংখ্যা লিখুন"), and a browser's `type="number"` box
// empties itself on ৫. The screens' sources are read as text and any other way of turning typed
// text into a number fails here, naming the file and the line.
import { describe, expect, it } from 'vitest';

const screens = import.meta.glob<string>(
  ['/apps/{shell,inventory,fleet,customers,people}/src/**/*.tsx', '/libs/design-system/src/**/*.tsx', '!/**/*.test.tsx', '!/**/test/**'],
  { query: '?raw', import: 'default', eager: true },
);

/**
 * Conversions that read no typed text, each with its reason. A new one goes here only when it
 * converts something a person cannot type (a select's own option value, a constant, a boolean).
 */
const ALLOWED: Record<string, string> = {
  'Number(step)': 'NumberField reads its own `step` prop',
  'parseInt(hex.slice(i, i + 2), 16)': "a brand colour's hex pair",
  'parseInt(l, 10)': "an invitation lifespan constant ('24h', '7d')",
  'Number(values.days)': "a select's own option value (statement link days)",
  'Number(form.reminderHour)': "a select's own option value (an hour)",
  'Number(form.linkDays)': "a select's own option value (link days)",
  'Number(form.summaryHour)': "a select's own option value (an hour)",
};

/** The call from its name to its closing parenthesis (balanced), e.g. `Number(row.count)`. */
function callAt(source: string, start: number): string {
  let depth = 0;
  for (let i = source.indexOf('(', start); i < source.length; i += 1) {
    if (source[i] === '(') depth += 1;
    if (source[i] === ')' && --depth === 0) return source.slice(start, i + 1);
  }
  return source.slice(start);
}

/** Whether `index` is inside a comment line (the one explaining why, in fields.tsx). */
const isComment = (source: string, index: number) => /^\s*(\*|\/\/)/.test(source.slice(source.lastIndexOf('\n', index) + 1, index));

const lineOf = (source: string, index: number) => source.slice(0, index).split('\n').length;

/** What converts typed text without parseNumber, as `file:line  what`. */
export function bypasses(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [path, source] of Object.entries(files)) {
    for (const m of source.matchAll(/(?<![\w.])(Number|parseFloat|parseInt)\(/g)) {
      const call = callAt(source, m.index);
      // A comparison turned into 0 or 1 (sorting by "in stock") reads no text.
      if (/^Number\([^()]*(>|<|===|!==)[^()]*\)$/.test(call)) continue;
      if (ALLOWED[call]) continue;
      if (isComment(source, m.index)) continue;
      found.push(`${path}:${lineOf(source, m.index)}  ${call}`);
    }
    for (const m of source.matchAll(/type=["']number["']|type:\s*["']number["']|valueAsNumber/g)) {
      if (isComment(source, m.index)) continue;
      found.push(`${path}:${lineOf(source, m.index)}  ${m[0]}`);
    }
  }
  return found;
}

describe('number fields', () => {
  it('read every typed number with parseNumber (Bengali or Latin digits), in every remote and the shell', () => {
    expect(Object.keys(screens).length).toBeGreaterThan(50);
    expect(bypasses(screens), 'typed numbers converted without parseNumber (libs/design-system/src/format.ts)').toEqual([]);
  });

  it('finds Number() of a typed value, a number box and a reading of valueAsNumber', () => {
    const found = bypasses({
      'a.tsx': [
        'const n = Number(l.quantity);',
        'const ok = parseNumber(cash) ?? Number.NaN;',
        'const sorted = items.sort((a, b) => Number(b.count > 0) - Number(a.count > 0));',
        '<input type="number" value={x} />',
        'const v = e.target.valueAsNumber;',
        'const p = parseFloat(values.price);',
        '// Number(text) is NaN for ৫',
      ].join('\n'),
    });
    expect(found).toEqual([
      'a.tsx:1  Number(l.quantity)',
      'a.tsx:6  parseFloat(values.price)',
      'a.tsx:4  type="number"',
      'a.tsx:5  valueAsNumber',
    ]);
  });
});
