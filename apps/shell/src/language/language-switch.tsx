import { useState } from 'react';
import { errorText } from '@mojud/api-client';
import { notify } from '@mojud/design-system';
import { useLocale, useT, type Locale } from '@mojud/i18n';
import { ns } from '../texts';
import { chooseLocale } from './language';

// Each language is named in its own script, whatever the page's language, as people look for it.
const NAMES: Record<Locale, string> = { bn: 'বাংলা', en: 'English' };
const ORDER: Locale[] = ['bn', 'en'];

/** বাংলা | English: two buttons, the current one pressed. */
export function LanguageSwitch({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const t = useT(ns);
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const choose = async (next: Locale) => {
    if (next === locale || busy) return;
    setBusy(true);
    try {
      await chooseLocale(next);
    } catch (error) {
      notify.error(t('language.saveFailed', { message: errorText(error) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div role="group" aria-label={t('language.label')} className={`shell-lang shell-lang--${tone}`}>
      {ORDER.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          className="shell-lang__option"
          aria-pressed={locale === option}
          onClick={() => void choose(option)}
        >
          {NAMES[option]}
        </button>
      ))}
    </div>
  );
}
