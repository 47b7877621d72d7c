import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import type { OfficialPriceEntry } from '@mojud/contracts';
import type { OfficialPricePolicy } from '@mojud/domain';
import { Button, Card, formatCount, formatDateTime, formatTk, Spinner, useDocumentTitle } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { Link } from '@mojud/router';
import { ns } from '../texts';
import { canManageStock } from '../roles';
import { officialPriceQueries } from './api';
import { OfficialPriceModal } from './official-price-modal';
import './texts';
import '../inventory/inventory.css';

/**
 * The official BERC price book (DEALER.md rule 13): the price in force now and the next one per
 * size, the entries made before, the store's choice on walk-in refills above it, and (managers
 * and up) the month's figures to enter.
 */
export function OfficialPricesPage() {
  const t = useT(ns);
  useDocumentTitle(t('official.title'));
  const store = useAuthStore(selectCurrentStore);
  const storeId = store?.id ?? '';
  const book = useQuery({ ...officialPriceQueries.book(storeId), enabled: Boolean(store) });
  const [entering, setEntering] = useState(false);
  if (!store) return <p>{t('noStore')}</p>;
  const canManage = canManageStock(store.role);

  return (
    <section className="inventory-page" aria-labelledby="official-title">
      <div className="inventory-page__header">
        <h2 id="official-title">{t('official.title')}</h2>
        <div className="inv-actions">
          {canManage && (
            <Link to="/sales/above-official" className="ds-button ds-button--secondary">
              {t('official.report')}
            </Link>
          )}
          <Link to="/inventory">{t('official.backToInventory')}</Link>
        </div>
      </div>
      <p className="inv-hint">{t('official.lead')}</p>
      {book.isPending ? (
        <Spinner label={t('official.loading')} />
      ) : book.isError ? (
        <p role="alert" className="ds-error-text">
          {t('official.loadFailed', { message: errorText(book.error) })}
        </p>
      ) : (
        <>
          {canManage && (
            <div className="inv-toolbar">
              <Button onClick={() => setEntering(true)} disabled={book.data.sizes.length === 0}>
                {t('official.enter')}
              </Button>
              {book.data.sizes.length === 0 && <p className="ds-muted">{t('official.noSizes')}</p>}
            </div>
          )}
          <div className="official-book">
            <EntryCard title={t('official.current')} entry={book.data.current} empty={t('official.none')} testId="official-current" />
            <EntryCard title={t('official.next')} entry={book.data.next} empty={t('official.noNext')} testId="official-next" />
          </div>
          <PolicyLine policy={book.data.policy} />
          {book.data.entries.length > 0 && (
            <details className="official-history">
              <summary>{t('official.history')}</summary>
              <ul>
                {book.data.entries.map((e) => (
                  <li key={e.id}>
                    {t('official.fromDate', { date: formatDateTime(e.startsAt) })}: {t('official.perKg')} {formatTk(e.perKg)} ·{' '}
                    {t('official.twelveKg')} {formatTk(e.twelveKg)} · {t('official.enteredBy', { name: e.enteredBy })}
                  </li>
                ))}
              </ul>
            </details>
          )}
          {entering && <OfficialPriceModal storeId={storeId} sizes={book.data.sizes} onClose={() => setEntering(false)} />}
        </>
      )}
    </section>
  );
}

/** One entry's price per size, with when it comes (or came) into force. */
function EntryCard({ title, entry, empty, testId }: { title: string; entry: OfficialPriceEntry | null; empty: string; testId: string }) {
  const t = useT(ns);
  return (
    <Card>
      <h3>{title}</h3>
      {entry ? (
        <>
          <p className="ds-muted">{t('official.fromDate', { date: formatDateTime(entry.startsAt) })}</p>
          <table className="official-prices" data-testid={testId}>
            <thead>
              <tr>
                <th scope="col">{t('official.size')}</th>
                <th scope="col" className="receipt__num">
                  {t('official.price')}
                </th>
              </tr>
            </thead>
            <tbody>
              {entry.prices.map((p) => (
                <tr key={p.size}>
                  <th scope="row">{t('official.sizeValue', { size: formatCount(p.size) })}</th>
                  <td className="receipt__num">{formatTk(p.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p className="ds-muted">{empty}</p>
      )}
    </Card>
  );
}

/** Warn (a reason is needed) or refuse: chosen in the store's settings (managers and up). */
function PolicyLine({ policy }: { policy: OfficialPricePolicy }) {
  const t = useT(ns);
  return (
    <p data-testid="official-policy">
      {t('official.policy')}: <strong>{t(policy === 'warn' ? 'official.policyWarn' : 'official.policyRefuse')}</strong> ·{' '}
      <Link to="/settings">{t('official.changeInSettings')}</Link>
    </p>
  );
}
