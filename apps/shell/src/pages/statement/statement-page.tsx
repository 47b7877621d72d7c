import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { api, normalizeError } from '@mojud/api-client';
import { MESSAGE_LANGUAGES, type MessageLanguage, type PublicStatement } from '@mojud/contracts';
import { formatDate, formatDateTime, formatTk, Khata, PaymentRequestBlock, Spinner, useDocumentTitle } from '@mojud/design-system';
import { getLocale, loadLocale, setLocale, useT } from '@mojud/i18n';
import { ns } from '../../texts';
import './texts';
import type { statement as texts } from './texts';
import './statement.css';

/** A key of the statement's texts (the shell namespace's `statement.*`). */
type StatementKey = keyof typeof texts;

const LANGUAGE_NAMES: Record<MessageLanguage, string> = { bn: 'বাংলা', en: 'English' };

/**
 * A customer's statement, opened by its link without signing in: the shop's balance and its
 * last 60 days, in the shop's language (or the other, by choice). Not for search engines: the
 * server says so in X-Robots-Tag, and the page in its robots meta.
 */
export function StatementPage() {
  const { token = '' } = useParams();
  const statement = useQuery({
    queryKey: ['statement', token],
    queryFn: () =>
      api.get<PublicStatement>(`/public/statements/${encodeURIComponent(token)}`).then((r) => r.data),
    retry: false,
    staleTime: 60_000,
  });
  const [chosen, setChosen] = useState<MessageLanguage | null>(null);
  const language = chosen ?? statement.data?.language ?? 'bn';
  // The statement reads in the shop's language whatever the reader's interface language is, so
  // that language's texts are loaded here (they load lazily, like every catalogue).
  const texts = useQuery({
    queryKey: ['texts', language],
    queryFn: () => loadLocale(language).then(() => language),
    staleTime: Infinity,
  });
  // The whole page reads in that language, its figures, dates, items and sale numbers too, not
  // only its words: the customer's phone may be set to English. Not remembered, and the language
  // before it comes back on leaving, so an app user's own choice stays.
  useEffect(() => {
    void setLocale(language, { remember: false });
  }, [language]);
  useEffect(() => {
    const before = getLocale();
    return () => void setLocale(before, { remember: false });
  }, []);
  const base = useT(ns);
  const t = (key: StatementKey, values: Record<string, unknown> = {}) =>
    base(`statement.${key}`, { ...values, lng: language });
  useDocumentTitle(statement.data ? `${t('title')}: ${statement.data.shop.name}` : t('title'));

  return (
    <main className="stmt" lang={language}>
      <meta name="robots" content="noindex, nofollow" />
      <div className="stmt__bar">
        <div role="group" aria-label={t('language')} className="stmt__languages">
          {MESSAGE_LANGUAGES.map((l) => (
            <button
              key={l}
              type="button"
              lang={l}
              aria-pressed={language === l}
              className="stmt__language"
              onClick={() => setChosen(l)}
            >
              {LANGUAGE_NAMES[l]}
            </button>
          ))}
        </div>
      </div>
      {statement.isPending || texts.isPending ? (
        <Spinner label={t('loading')} />
      ) : statement.isError ? (
        <div className="stmt__card" role="alert">
          <h1>{t('title')}</h1>
          <p>
            {normalizeError(statement.error).status === 404
              ? t('notFound')
              : t('loadFailed', { message: normalizeError(statement.error).message })}
          </p>
        </div>
      ) : (
        <Statement data={statement.data} t={t} language={language} />
      )}
    </main>
  );
}

function Statement({
  data,
  t,
  language,
}: {
  data: PublicStatement;
  t: (key: StatementKey, values?: Record<string, unknown>) => string;
  language: MessageLanguage;
}) {
  const owes = data.balance > 0;
  const period = t('period', { from: formatDate(data.entries.from), to: formatDate(data.entries.to) });
  return (
    <>
      <header className="stmt__card">
        <p className="stmt__store">{data.store.name}</p>
        {data.store.location && <p className="stmt__muted">{data.store.location}</p>}
        <h1>{t('of', { shop: data.shop.name })}</h1>
        <p className="stmt__label">
          {data.balance < 0 ? t('advance') : owes ? t('youOwe') : t('nothingOwed')}
        </p>
        <p
          className={owes ? 'stmt__balance stmt__balance--owed' : 'stmt__balance'}
          data-testid="statement-balance"
        >
          {formatTk(Math.abs(data.balance))}
        </p>
        <p className="stmt__muted">{t('asOf', { date: formatDateTime(data.asOf) })}</p>
      </header>
      {data.payment && (
        // How to pay it (DEALER.md rule 22): the QR with the amount and the shop's code, the numbers.
        <div className="stmt__card stmt__pay">
          <Suspense fallback={null}>
            <PaymentRequestBlock request={data.payment} />
          </Suspense>
        </div>
      )}
      <section className="stmt__card" aria-labelledby="stmt-entries">
        <h2 id="stmt-entries">{period}</h2>
        {data.entries.items.length === 0 ? (
          <p>{t('noEntries')}</p>
        ) : (
          // The shop page's khata, line for line.
          <Khata
            lines={data.entries.items}
            openingBalance={data.entries.openingBalance}
            openingEmpties={data.entries.openingEmpties}
            from={data.entries.from}
            label={period}
            lng={language}
          />
        )}
      </section>
      <footer className="stmt__footer">
        {data.store.phone && (
          <p>
            {t('questions')} <a href={`tel:${data.store.phone.replace(/[^\d+]/g, '')}`}>{data.store.phone}</a>
          </p>
        )}
        <p className="stmt__muted">{t('expires', { date: formatDate(data.expiresAt) })}</p>
      </footer>
    </>
  );
}
