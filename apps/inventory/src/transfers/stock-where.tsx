import { useQuery } from '@tanstack/react-query';
import { errorText } from '@mojud/api-client';
import type { StockLocationItem } from '@mojud/contracts';
import { DataTable, formatItemName, QueryView, type DataColumn } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { transferQueries } from './api';
import { useCountsText } from './counts';
import './texts';
import './transfers.css';

type Counts = { fullCount?: number; emptyCount?: number; problemCount?: number; stockCount?: number };
const any = (c: Counts) => (c.fullCount ?? 0) + (c.emptyCount ?? 0) + (c.problemCount ?? 0) + (c.stockCount ?? 0) > 0;
const anywhere = (i: StockLocationItem) => any(i.store) || i.vehicles.some(any) || any(i.inTransitOut) || any(i.inTransitIn);

/**
 * Where each item is (issue 28, item 4): in this store, on each vehicle, sent and on the way,
 * and coming here, from one read, so "where are my Omera empties?" has one answer. A card per
 * item on a phone. Loaded only when the inventory page's section is opened.
 */
export default function StockWhere({ storeId }: { storeId: string }) {
  const t = useT(ns);
  const countsText = useCountsText();
  const places = useQuery(transferQueries.stockLocations(storeId));
  const shown = (c: Counts, itemType: StockLocationItem['itemType']) => (any(c) ? countsText(c, itemType) : t('transfers.nothing'));
  const columns: DataColumn<StockLocationItem>[] = [
    { key: 'item', header: t('transfers.colItem'), cell: (i) => <strong>{formatItemName(i.name)}</strong>, card: ['title', 'wide'], rowHeader: true },
    { key: 'store', header: t('transfers.colStore'), cell: (i) => shown(i.store, i.itemType), card: 'wide' },
    {
      key: 'vehicles',
      header: t('transfers.colVehicles'),
      card: 'wide',
      cell: (i) => {
        const loaded = i.vehicles.filter(any);
        return loaded.length === 0
          ? t('transfers.nothing')
          : loaded.map((v) => (
              <span key={v.vehicleId} className="stock-where__places">
                {t('transfers.onVehicle', { name: v.name, counts: countsText(v, i.itemType) })}
              </span>
            ));
      },
    },
    { key: 'out', header: t('transfers.colOut'), cell: (i) => shown(i.inTransitOut, i.itemType), card: 'wide' },
    { key: 'in', header: t('transfers.colIn'), cell: (i) => shown(i.inTransitIn, i.itemType), card: 'wide' },
  ];
  return (
    <>
      <p className="inv-hint">{t('transfers.whereLead')}</p>
      <QueryView
        query={{ ...places, data: places.data?.filter(anywhere) }}
        loading={t('transfers.loading')}
        failed={places.error ? t('transfers.loadFailed', { message: errorText(places.error) }) : null}
        empty={t('transfers.whereEmpty')}
      >
        {(items) => <DataTable rows={items} columns={columns} rowKey={(i) => `${i.itemType}:${i.itemId}`} label={t('transfers.where')} />}
      </QueryView>
    </>
  );
}
