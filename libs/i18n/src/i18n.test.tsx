import { act, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  browserLocale,
  createTranslator,
  formatDigits,
  getLocale,
  hasText,
  keepsLatinDigits,
  numberSupport,
  registerFormat,
  registerTexts,
  setLatinDigits,
  setLocale,
  toBengaliDigits,
  toLatinDigits,
  useT,
} from './index';

registerTexts('test', { greeting: 'Hello {{name}}', nested: { title: 'Select a Store' } });
registerTexts('test', { greeting: 'নমস্কার {{name}}' }, 'bn');

function Greeting() {
  const t = useT('test');
  return <p>{t('greeting', { name: 'Rahim' })}</p>;
}

/** Renders under Suspense, awaiting React's work (it hears a promise settle only in an awaited act). */
async function renderSuspending(ui: ReactNode) {
  await act(async () => {
    render(<Suspense fallback={<p>waiting</p>}>{ui}</Suspense>);
  });
}

/**
 * Watches for React's warning about a replay that skipped use() (given when the component next
 * renders); in production that replay broke the page (error 467). Returns the warnings seen.
 */
function watchUseWarnings(): () => string[] {
  const errors = vi.spyOn(console, 'error');
  return () => {
    const warnings = errors.mock.calls.map((call) => String(call[0])).filter((m) => m.includes('use()'));
    errors.mockRestore();
    return warnings;
  };
}

afterEach(async () => {
  await act(async () => {
    await setLocale('en');
    setLatinDigits(false);
  });
});

describe('i18n', () => {
  it('translates keys of a namespace with interpolation and nesting', () => {
    const t = createTranslator('test');
    expect(t('greeting', { name: 'Karim' })).toBe('Hello Karim');
    expect(t('nested.title')).toBe('Select a Store');
  });

  it('re-renders components when the language changes and falls back to English', async () => {
    render(<Greeting />);
    expect(screen.getByText('Hello Rahim')).toBeInTheDocument();
    await act(() => setLocale('bn'));
    expect(screen.getByText('নমস্কার Rahim')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('bn');
    expect(createTranslator('test')('nested.title')).toBe('Select a Store');
    await act(() => setLocale('en'));
    expect(screen.getByText('Hello Rahim')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it('loads a namespace’s Bangla only when Bangla is chosen, and paints once it is there', async () => {
    let asked = 0;
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    registerTexts('lazy', { hello: 'Hello' }, {
      bn: async () => {
        asked += 1;
        await arrived;
        return { default: { hello: 'হ্যালো' } };
      },
    });
    function Hello() {
      const t = useT('lazy');
      return <p>{t('hello')}</p>;
    }
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Hello />
      </Suspense>,
    );
    expect(screen.getByText('Hello')).toBeInTheDocument();
    expect(asked).toBe(0); // an English page never asks for the Bangla chunk
    const switching = setLocale('bn');
    await act(async () => undefined);
    expect(asked).toBe(1);
    // The page stays in English until the Bangla is there, then switches whole.
    expect(getLocale()).toBe('en');
    expect(screen.getByText('Hello')).toBeInTheDocument();
    arrive();
    await act(() => switching);
    expect(getLocale()).toBe('bn');
    expect(screen.getByText('হ্যালো')).toBeInTheDocument();
  });

  it('keeps the latest choice when an earlier one is still loading its texts', async () => {
    await act(() => setLocale('en'));
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    registerTexts('slow', { hello: 'Hello' }, { bn: () => arrived.then(() => ({ default: { hello: 'হ্যালো' } })) });
    // The page's default (Bangla) is asked for, then the shop's language (English) at once.
    const toBangla = setLocale('bn', { remember: false });
    await act(() => setLocale('en', { remember: false }));
    arrive();
    await act(() => toBangla);
    expect(getLocale()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('holds a page whose texts arrive while in Bangla (a remote’s chunk) until its Bangla is there', async () => {
    const useWarnings = watchUseWarnings();
    await act(() => setLocale('bn'));
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    registerTexts('late', { title: 'Vehicles' }, { bn: () => arrived.then(() => ({ default: { title: 'গাড়ি' } })) });
    function Late() {
      const t = useT('late');
      return <h1>{t('title')}</h1>;
    }
    await renderSuspending(<Late />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(screen.queryByText('Vehicles')).toBeNull(); // never English first
    await act(async () => {
      arrive();
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(await screen.findByRole('heading', { name: 'গাড়ি' })).toBeInTheDocument();
    await act(() => setLocale('en'));
    expect(screen.getByRole('heading', { name: 'Vehicles' })).toBeInTheDocument();
    expect(useWarnings()).toEqual([]);
  });

  it('renders a page whose texts arrive while it suspends in the same render (no hook after use())', async () => {
    // Texts that are there a few microtasks later: React replays the suspended component at
    // once, and by then the namespace is loaded, so the replay does not call use() at all. A
    // hook after use() then broke the page ("Update hook called on initial render", error 467).
    const useWarnings = watchUseWarnings();
    await act(() => setLocale('bn'));
    registerTexts('quick', { title: 'Closes' }, { bn: () => Promise.resolve({ default: { title: 'দিনের হিসাব' } }) });
    function Quick() {
      const t = useT('quick');
      return <h1>{t('title')}</h1>;
    }
    await renderSuspending(<Quick />);
    expect(await screen.findByRole('heading', { name: 'দিনের হিসাব' })).toBeInTheDocument();
    await act(() => setLocale('en'));
    expect(screen.getByRole('heading', { name: 'Closes' })).toBeInTheDocument();
    expect(useWarnings()).toEqual([]);
  });

  it('puts every number in a message in the reader’s digits, plain {{count}} included', async () => {
    registerTexts('count', { items_one: '{{count}} item', items_other: '{{count}} items', of: '{{n}} of {{total}}' });
    registerTexts('count', { items_one: '{{count}}টি মাল', items_other: '{{count}}টি মাল', of: '{{total}}টির মধ্যে {{n}}টি' }, 'bn');
    const t = createTranslator('count');
    expect(t('items', { count: 1234567 })).toBe('12,34,567 items');
    await act(() => setLocale('bn'));
    expect(t('items', { count: 1234567 })).toBe('১২,৩৪,৫৬৭টি মাল');
    expect(t('items', { count: 0 })).toBe('০টি মাল');
    expect(t('of', { n: 3, total: 10 })).toBe('১০টির মধ্যে ৩টি');
    act(() => setLatinDigits(true));
    expect(keepsLatinDigits()).toBe(true);
    expect(t('items', { count: 1234567 })).toBe('12,34,567টি মাল');
  });

  it('takes the first language of the browser it speaks', () => {
    expect(browserLocale(['bn-BD', 'en-US'])).toBe('bn');
    expect(browserLocale(['hi-IN', 'bn-IN', 'en'])).toBe('bn');
    expect(browserLocale(['en-GB', 'bn'])).toBe('en');
    expect(browserLocale(['fr-FR'])).toBe('en');
    expect(browserLocale([])).toBe('en');
  });
});

describe('translating', () => {
  registerTexts('pin', {
    greeting: 'Hello {{name}}',
    spaced: 'Hello {{ name }}, twice: {{name}}',
    sums: '{{amount, tk}} paid, {{amount, tk, loud}} shouted, {{amount, nobody}} plain',
    markup: '{{html}} & <b>kept</b>',
    onlyEnglish: 'English only',
    nested: { deeper: { title: 'Deep {{n}}' } },
    items_one: '{{count}} item',
    items_other: '{{count}} items',
    slots_zero: 'no slots',
    slots_one: '{{count}} slot',
    slots_other: '{{count}} slots',
    rows: 'rows (no plural)',
  });
  registerTexts('pin', { greeting: 'নমস্কার {{name}}', items_one: 'একটি রূপে {{count}}', items_other: 'অন্য রূপে {{count}}', nested: { deeper: { title: 'গভীর {{n}}' } } }, 'bn');
  registerFormat('tk', (value) => `Tk ${String(value)}`);
  registerFormat('loud', (value) => `${String(value)}!`);
  const t = createTranslator('pin');
  const exists = (key: string, values?: Record<string, unknown>) => hasText('pin', key, values);

  it('reads nested keys, and says a key no language has as the key itself (without the namespace)', () => {
    expect(t('nested.deeper.title', { n: 2 })).toBe('Deep 2');
    expect(t('nested.missing')).toBe('nested.missing');
    expect(t('nowhere')).toBe('nowhere');
    // A group of texts is not a text (a server's code that names one falls back to its own words).
    expect(t('nested.deeper')).toBe('nested.deeper');
    expect(exists('nested.deeper')).toBe(false);
  });

  it('puts values in as they are (no HTML escaping), through the formats named beside them', () => {
    expect(t('spaced', { name: 'Karim' })).toBe('Hello Karim, twice: Karim');
    expect(t('markup', { html: '<i>"Rahim" & sons</i>' })).toBe('<i>"Rahim" & sons</i> & <b>kept</b>');
    // Chained formats apply in order; a format nobody registered still gives the reader's digits.
    expect(t('sums', { amount: 1500 })).toBe('Tk 1500 paid, Tk 1500! shouted, 1,500 plain');
    expect(t('greeting', { name: true })).toBe('Hello true');
    expect(t('greeting', { name: 12345 })).toBe('Hello 12,345');
  });

  it('does not read a value a second time: a name with braces in it shows as typed', () => {
    expect(t('greeting', { name: '{{name}}' })).toBe('Hello {{name}}');
  });

  it('leaves the placeholder of a value not given, and an empty place for one given as nothing', () => {
    expect(t('greeting')).toBe('Hello {{name}}');
    expect(t('greeting', { other: 'x' })).toBe('Hello {{name}}');
    expect(t('greeting', { name: undefined })).toBe('Hello ');
    expect(t('greeting', { name: null })).toBe('Hello ');
  });

  it('picks the plural form by count, _zero when the key has one', async () => {
    expect(t('items', { count: 1 })).toBe('1 item');
    expect(t('items', { count: 2 })).toBe('2 items');
    expect(t('items', { count: 0 })).toBe('0 items');
    expect(t('slots', { count: 0 })).toBe('no slots');
    expect(t('slots', { count: 1 })).toBe('1 slot');
    // A key with no plural forms is said as it is, count or not.
    expect(t('rows', { count: 3 })).toBe('rows (no plural)');
    expect(t('items')).toBe('items');
    await act(() => setLocale('bn'));
    // CLDR puts 0 and 1 in bn's "one"; a _zero form is still used when there is one (here only in English).
    expect(t('items', { count: 0 })).toBe('একটি রূপে ০');
    expect(t('items', { count: 1 })).toBe('একটি রূপে ১');
    expect(t('items', { count: 2 })).toBe('অন্য রূপে ২');
    expect(t('slots', { count: 0 })).toBe('no slots');
    expect(t('slots', { count: 1 })).toBe('১ slot');
    expect(t('slots', { count: 5 })).toBe('৫ slots');
  });

  it('falls back to English for a key the current language lacks', async () => {
    await act(() => setLocale('bn'));
    expect(t('greeting', { name: 'Rahim' })).toBe('নমস্কার Rahim');
    expect(t('onlyEnglish')).toBe('English only');
    expect(t('nowhere')).toBe('nowhere');
  });

  it('says a text in the language asked for (lng), whatever the page’s language', async () => {
    expect(t('greeting', { name: 'Rahim', lng: 'bn' })).toBe('নমস্কার Rahim');
    expect(t('onlyEnglish', { lng: 'bn' })).toBe('English only');
    await act(() => setLocale('bn'));
    expect(t('greeting', { name: 'Rahim', lng: 'en' })).toBe('Hello Rahim');
    expect(getLocale()).toBe('bn');
  });

  it('merges a namespace registered in parts, a later text of a key replacing the earlier', () => {
    registerTexts('parts', { a: 'A', group: { x: 'X', y: 'Y' } });
    registerTexts('parts', { group: { y: 'Y2', z: 'Z' } });
    const parts = createTranslator('parts');
    expect([parts('a'), parts('group.x'), parts('group.y'), parts('group.z')]).toEqual(['A', 'X', 'Y2', 'Z']);
  });

  it('tells whether a text exists, in the language asked for or in English, plural bases by count', async () => {
    expect(exists('greeting')).toBe(true);
    expect(exists('nested.deeper.title')).toBe(true);
    expect(exists('nowhere')).toBe(false);
    expect(exists('nested.nowhere')).toBe(false);
    expect(exists('items')).toBe(false);
    expect(exists('items', { count: 2 })).toBe(true);
    expect(exists('items_other')).toBe(true);
    expect(exists('onlyEnglish', { lng: 'bn' })).toBe(true);
    // Keys made from a server's answer never find what every object has.
    for (const key of ['toString', 'constructor', '__proto__', 'nested.hasOwnProperty', 'greeting.length']) expect(exists(key), key).toBe(false);
    await act(() => setLocale('bn'));
    expect(exists('onlyEnglish')).toBe(true);
    expect(exists('items', { count: 0 })).toBe(true);
  });
});

describe('digits', () => {
  afterEach(() => {
    numberSupport.bengali = undefined;
  });

  it('maps digits both ways and groups in lakhs and crores', () => {
    expect(toBengaliDigits('1,250.5')).toBe('১,২৫০.৫');
    expect(toLatinDigits('১,২৫০.৫')).toBe('1,250.5');
    expect(toLatinDigits('٣٤')).toBe('34');
    expect(formatDigits(123456789, { bengali: false })).toBe('12,34,56,789');
    expect(formatDigits(1234567.5, { bengali: true, decimals: 2 })).toBe('১২,৩৪,৫৬৭.৫');
    expect(formatDigits(-40.256, { bengali: false, decimals: 2 })).toBe('-40.26');
    expect(formatDigits(99.5, { bengali: false, decimals: 2, fixed: true })).toBe('99.50');
  });

  it('needs no Bangla or Indian locale data in the browser: a phone without it gets the same figures', () => {
    const values = [0, 7, 1250, 100000, 1234567.5, 123456789.12, -15000.05, 0.5];
    const native = values.map((v) => [formatDigits(v, { bengali: true, decimals: 2 }), formatDigits(v, { bengali: false, decimals: 2 })]);
    // As on an Android build that carries only the phone's own language's ICU data.
    numberSupport.bengali = false;
    const mapped = values.map((v) => [formatDigits(v, { bengali: true, decimals: 2 }), formatDigits(v, { bengali: false, decimals: 2 })]);
    expect(mapped).toEqual(native);
    expect(mapped[4]).toEqual(['১২,৩৪,৫৬৭.৫', '12,34,567.5']);
  });
});
