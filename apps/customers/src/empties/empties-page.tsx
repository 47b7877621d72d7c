import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { normalizeError } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import type { EmptiesOut } from '@mojud/contracts';
import {
  Button,
  DataTable,
  EmptyState,
  formatCount,
  formatItemName,
  formatTk,
  Spinner,
  StoreLine,
  useDocumentTitle,
  type DataColumn,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { Link } from '@mojud/router';
import { emptiesQueries } from './api';
import './empties.css';
import { CollectEmptiesModal } from './collect-empties-modal';
import { ns } from './texts';

type OutShop = EmptiesOut['shops'][number];
type OutItem = EmptiesOut['items'][number];

// Each shop's card is named by the shop.
const shopRow = (shop: OutShop) => ({ 'aria-label': shop.shopName });

/** The store's empties out at customer shops (DEALER.md rule 9): totals per brand and cylinder, and each shop's, with Collect. */
export function EmptiesPage() {
  const t = useT(ns);
  useDocumentTitle(t('title'));
  const store = useAuthStore(selectCurrentStore);
  const [collecting, setCollecting] = useState<OutShop | null>(null);
  const out = useQuery({ ...emptiesQueries.out(store?.id ?? ''), enabled: Boolean(store) });
  if (!store) return null;
  const owes = (shop: OutShop) => shop.items.map((e) => t('owesItem', { count: formatCount(e.count), item: formatItemName(e.itemName) })).join(', ');
  const itemColumns: DataColumn<OutItem>[] = [
    { key: 'item', header: t('colItem'), cell: (i) => formatItemName(i.itemName), card: 'title' },
    { key: 'count', header: t('colCount'), cell: (i) => formatCount(i.count), numeric: true, card: 'badge' },
  ];
  const shopColumns: DataColumn<OutShop>[] = [
    {
      key: 'shop',
      header: t('colShop'),
      cell: (shop) => (shop.deleted ? t('deletedShop', { name: shop.shopName }) : shop.shopName),
      card: 'title',
    },
    { key: 'area', header: t('colArea'), cell: (shop) => shop.divisionName },
    { key: 'owes', header: t('colOwes'), cell: owes, card: 'wide' },
    { key: 'total', header: t('colTotal'), cell: (shop) => formatCount(shop.total), numeric: true },
    { key: 'due', header: t('colDue'), cell: (shop) => formatTk(shop.due), numeric: true },
    {
      key: 'collect',
      header: <span className="ds-visually-hidden">{t('collect')}</span>,
      cell: (shop) =>
        !shop.deleted && (
          <Button variant="secondary" aria-label={t('collectFrom', { name: shop.shopName })} onClick={() => setCollecting(shop)}>
            {t('collect')}
          </Button>
        ),
      card: 'actions',
    },
  ];
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
          <DataTable rows={out.data.items} columns={itemColumns} rowKey={(i) => i.itemId} label={t('byItem')} />
          <h3>{t('byShop')}</h3>
          <DataTable
            rows={out.data.shops}
            columns={shopColumns}
            rowKey={(shop) => shop.shopId}
            rowProps={shopRow}
            label={t('byShop')}
          />
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
