import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { normalizeError } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import type { EmptiesOut } from '@mojud/contracts';
import { Button, EmptyState, formatCount, formatTk, Spinner, StoreLine, useDocumentTitle } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { Link } from '@mojud/router';
import { emptiesQueries } from './api';
import './empties.css';
import { CollectEmptiesModal } from './collect-empties-modal';
import { ns } from './messages';

type OutShop = EmptiesOut['shops'][number];

/** The store's empties out at customer shops (DEALER.md rule 9): totals per brand and cylinder, and each shop's, with Collect. */
export function EmptiesPage() {
  const t = useT(ns);
  useDocumentTitle(t('title'));
  const store = useAuthStore(selectCurrentStore);
  const [collecting, setCollecting] = useState<OutShop | null>(null);
  const out = useQuery({ ...emptiesQueries.out(store?.id ?? ''), enabled: Boolean(store) });
  if (!store) return null;
  const owes = (shop: OutShop) => shop.items.map((e) => t('owesItem', { count: formatCount(e.count), item: e.itemName })).join(', ');
  return (
    <section className="cust-empties-out" aria-labelledby="empties-title">
      <div className="ds-page-header">
        <h2 id="empties-title">{t('title')}</h2>
        <Link to="..">{t('backToShops')}</Link>
      </div>
      <StoreLine store={store} />
      <p className="ds-muted">{t('lead')}</p>
      {out.isPending ? (
        <Spinner label={t('loading')} />
      ) : out.isError ? (
        <p role="alert" className="ds-error-text">
          {t('loadFailed', { message: normalizeError(out.error).message })}
        </p>
      ) : out.data.total === 0 ? (
        <EmptyState title={t('none')} />
      ) : (
        <>
          <p className="cust-empties-out__total">
            {t('total')}: <strong data-testid="empties-total">{formatCount(out.data.total)}</strong>
          </p>
          <h3>{t('byBrand')}</h3>
          <ul className="cust-empties-out__brands" aria-label={t('byBrand')}>
            {out.data.brands.map((b) => (
              <li key={b.brandName}>
                {b.brandName}: <strong>{formatCount(b.count)}</strong>
              </li>
            ))}
          </ul>
          <h3>{t('byItem')}</h3>
          <table className="ds-table ds-table--cards" aria-label={t('byItem')}>
            <thead>
              <tr>
                <th scope="col">{t('colItem')}</th>
                <th scope="col">{t('colCount')}</th>
              </tr>
            </thead>
            <tbody>
              {out.data.items.map((i) => (
                <tr key={i.itemId}>
                  <td className="ds-card-title">{i.itemName}</td>
                  <td className="ds-card-badge ds-num" data-label={t('colCount')}>
                    {formatCount(i.count)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>{t('byShop')}</h3>
          <table className="ds-table ds-table--cards" aria-label={t('byShop')}>
            <thead>
              <tr>
                <th scope="col">{t('colShop')}</th>
                <th scope="col">{t('colArea')}</th>
                <th scope="col">{t('colOwes')}</th>
                <th scope="col">{t('colTotal')}</th>
                <th scope="col">{t('colDue')}</th>
                <th scope="col">
                  <span className="ds-visually-hidden">{t('collect')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {out.data.shops.map((shop) => (
                <tr key={shop.shopId} aria-label={shop.shopName}>
                  <td className="ds-card-title">{shop.deleted ? t('deletedShop', { name: shop.shopName }) : shop.shopName}</td>
                  <td data-label={t('colArea')}>{shop.divisionName}</td>
                  <td className="ds-card-wide" data-label={t('colOwes')}>
                    {owes(shop)}
                  </td>
                  <td className="ds-num" data-label={t('colTotal')}>
                    {formatCount(shop.total)}
                  </td>
                  <td className="ds-num" data-label={t('colDue')}>
                    {formatTk(shop.due)}
                  </td>
                  <td className="ds-card-actions">
                    {!shop.deleted && (
                      <Button variant="secondary" aria-label={t('collectFrom', { name: shop.shopName })} onClick={() => setCollecting(shop)}>
                        {t('collect')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {collecting && (
        <CollectEmptiesModal
          storeId={store.id}
          shop={{ id: collecting.shopId, name: collecting.shopName, emptiesOwed: collecting.items }}
          onClose={() => setCollecting(null)}
        />
      )}
    </section>
  );
}

export default EmptiesPage;
