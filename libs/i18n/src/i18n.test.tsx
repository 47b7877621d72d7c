import { act, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  browserLocale,
  createTranslator,
  formatDigits,
  getLocale,
  i18n,
  keepsLatinDigits,
  numberSupport,
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
    // CLDR puts 0 in bn's "one": the same words, in Bengali digits.
    expect(i18n.services.pluralResolver.getSuffix('bn', 0)).toBe('_one');
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
