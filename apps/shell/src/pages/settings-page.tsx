import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { Card, SelectField } from '@mojud/design-system';
import { setLocale, useLocale, useT, type Locale } from '@mojud/i18n';
import { ns } from '../messages';

const languages = [
  { value: 'en', label: 'English' },
  { value: 'bn', label: 'বাংলা' },
];

export function SettingsPage() {
  const t = useT(ns);
  const locale = useLocale();
  const store = useAuthStore(selectCurrentStore);
  return (
    <section>
      <h2>{t('chrome.settings')}</h2>
      {store && (
        <Card title={t('settings.store')}>
          <p>{store.name}</p>
          {store.location && <p className="shell-muted">{store.location}</p>}
          {store.phone && <p className="shell-muted">{store.phone}</p>}
        </Card>
      )}
      <Card>
        <SelectField
          label={t('settings.language')}
          options={languages}
          value={locale}
          onChange={(event) => setLocale(event.target.value as Locale)}
        />
      </Card>
    </section>
  );
}
