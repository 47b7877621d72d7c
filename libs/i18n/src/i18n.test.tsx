import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTranslator, registerMessages, setLocale, useT } from './index';

registerMessages('test', { greeting: 'Hello {{name}}', nested: { title: 'Select a Store' } });
registerMessages('test', { greeting: 'নমস্কার {{name}}' }, 'bn');

function Greeting() {
  const t = useT('test');
  return <p>{t('greeting', { name: 'Rahim' })}</p>;
}

describe('i18n', () => {
  it('translates keys of a namespace with interpolation and nesting', () => {
    const t = createTranslator('test');
    expect(t('greeting', { name: 'Karim' })).toBe('Hello Karim');
    expect(t('nested.title')).toBe('Select a Store');
  });

  it('re-renders components when the language changes and falls back to English', () => {
    render(<Greeting />);
    expect(screen.getByText('Hello Rahim')).toBeInTheDocument();
    act(() => setLocale('bn'));
    expect(screen.getByText('নমস্কার Rahim')).toBeInTheDocument();
    expect(createTranslator('test')('nested.title')).toBe('Select a Store');
    act(() => setLocale('en'));
    expect(screen.getByText('Hello Rahim')).toBeInTheDocument();
  });
});
