import { useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { Link, useSearchParams } from 'react-router-dom';
import { errorText, memberQueries, shopQueries, staffQueries, useStoreItems, vehicleQueries } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { LEDGER_KINDS, type LedgerEntry } from '@mojud/contracts';
import {
  Button,
  Card,
  type DataColumn,
  DataTable,
  EmptyState,
  formatCount,
  formatDate,
  formatDateTime,
  formatItemName,
  formatSaleNumber,
  formatTk,
  SelectField,
  Spinner,
  TextField,
  useDownload,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../../texts';
import { ledgerQueries, type LedgerFilters } from '../dashboard/api';
import { describeEntry, describeProfit } from '../dashboard/describe-entry';
import { NoStore } from '../dashboard/no-store';
import '../dashboard/texts';
import { downloadTransactionsCsv } from './download-csv';
import './history.css';
import './texts';

const FILTER_KEYS = ['kind', 'from', 'to', 'itemId', 'shopId', 'vehicleId', 'staffId', 'userId'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Filters live in the URL (?kind=sell&from=…), so a view can be reloaded or shared. `day` is the diary. */
function filtersFrom(params: URLSearchParams): { filters: LedgerFilters; day: string | null } {
  const filters: LedgerFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  const day = params.get('day');
  if (day && DAY.test(day)) return { filters: { ...filters, from: day, to: day }, day };
  return { filters, day: null };
}

function useOptions(storeId: string) {
  const items = useStoreItems(storeId);
  const shops = useQuery(shopQueries.picker(storeId));
  const vehicles = useQuery(vehicleQueries.list(storeId));
  const staff = useQuery(staffQueries.list(storeId));
  const members = useQuery(memberQueries.members(storeId));
  return {
    itemId: (items.data ?? []).map((i) => ({ value: i.id, label: formatItemName(i.name) })),
    shopId: (shops.data ?? []).map((s) => ({ value: s.id, label: s.name })),
    vehicleId: (vehicles.data ?? []).map((v) => ({
      value: v.id,
      label: [v.name, [v.vehicleBrand, v.vehicleModel].filter(Boolean).join(' ')].filter(Boolean).join(' · '),
    })),
    staffId: (staff.data ?? []).map((s) => ({ value: s.id, label: s.name })),
    userId: (members.data ?? []).map((m) => ({
      value: m.userId,
      label: m.name ? `${m.name} (${m.username})` : m.username,
    })),
  };
}

export function HistoryPage() {
  const store = useAuthStore(selectCurrentStore);
  if (!store) return <NoStore />;
  return <StoreHistory storeId={store.id} />;
}

function StoreHistory({ storeId }: { storeId: string }) {
  const t = useT(ns);
  const [params, setParams] = useSearchParams();
  const { filters, day } = filtersFrom(params);
  const options = useOptions(storeId);
  const query = useInfiniteQuery(ledgerQueries.transactions(storeId, filters));
  const { download, downloading } = useDownload(
    () => downloadTransactionsCsv(storeId, filters),
    (message) => t('history.downloadFailed', { message }),
  );

  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  const entries = query.data?.pages.flatMap((page) => page.transactions) ?? [];
  const columns: DataColumn<LedgerEntry>[] = [
    { key: 'time', header: t('history.time'), cell: (entry) => formatDateTime(entry.createdAt), className: 'hist-time', card: 'wide' },
    {
      key: 'entry',
      header: t('history.entry'),
      cell: (entry) => (
        <>
          {describeEntry(entry, t)}
          {describeProfit(entry, t) && <span className="shell-muted"> · {describeProfit(entry, t)}</span>}
          {entry.saleId && entry.saleNumber && (
            <>
              {' · '}
              <Link to={`/sales/${entry.saleId}`}>{t('entry.openSale', { sale: formatSaleNumber(entry.saleNumber) })}</Link>
            </>
          )}
        </>
      ),
      className: 'hist-entry',
      card: ['title', 'wide'],
    },
    {
      key: 'moneyIn',
      header: t('history.moneyIn'),
      cell: (entry) => (entry.moneyIn ? formatTk(entry.moneyIn) : ''),
      numeric: true,
      card: 'half',
    },
    {
      key: 'moneyOut',
      header: t('history.moneyOut'),
      cell: (entry) => (entry.moneyOut ? formatTk(entry.moneyOut) : ''),
      numeric: true,
      card: 'half',
    },
    { key: 'by', header: t('history.by'), cell: (entry) => entry.username ?? '', card: 'half' },
  ];
  const totals = query.data?.pages[0]?.totals;
  const select = (key: keyof typeof options, label: string) => (
    <SelectField
      label={label}
      value={params.get(key) ?? ''}
      onChange={(e) => setParam(key, e.target.value)}
      options={[{ value: '', label: t('history.any') }, ...options[key]]}
    />
  );

  return (
    <section className="hist">
      <Card title={t('history.filters')}>
        <div className="hist-filters">
          <SelectField
            label={t('history.kind')}
            value={params.get('kind') ?? ''}
            onChange={(e) => setParam('kind', e.target.value)}
            options={[
              { value: '', label: t('history.allKinds') },
              ...LEDGER_KINDS.map((kind) => ({ value: kind, label: t(`entry.kind.${kind}`) })),
            ]}
          />
          <TextField
            type="date"
            label={t('history.diaryDate')}
            hint={t('history.diary')}
            value={day ?? ''}
            onChange={(e) => setParam('day', e.target.value)}
          />
          {!day && (
            <>
              <TextField
                type="date"
                label={t('history.from')}
                value={params.get('from') ?? ''}
                onChange={(e) => setParam('from', e.target.value)}
              />
              <TextField
                type="date"
                label={t('history.to')}
                value={params.get('to') ?? ''}
                onChange={(e) => setParam('to', e.target.value)}
              />
            </>
          )}
          {select('itemId', t('history.item'))}
          {select('shopId', t('history.shop'))}
          {select('vehicleId', t('history.vehicle'))}
          {select('staffId', t('history.staff'))}
          {select('userId', t('history.user'))}
        </div>
        <div className="hist-toolbar">
          <Button
            variant="ghost"
            onClick={() => setParams({}, { replace: true })}
            disabled={params.size === 0}
          >
            {t('history.clear')}
          </Button>
          <Button variant="secondary" onClick={download} loading={downloading}>
            {downloading ? t('history.downloading') : t('history.download')}
          </Button>
        </div>
      </Card>

      {day && (
        <div className="hist-diary">
          <h2>{t('history.diaryHeading', { date: formatDate(`${day}T12:00:00Z`) })}</h2>
          <Button variant="ghost" onClick={() => setParam('day', '')}>
            {t('history.closeDiary')}
          </Button>
        </div>
      )}

      {totals && (
        <dl className="hist-totals" aria-label={t('history.totals')}>
          <div>
            <dt>{t('history.count')}</dt>
            <dd>{formatCount(totals.count)}</dd>
          </div>
          <div>
            <dt>{t('history.moneyIn')}</dt>
            <dd>{formatTk(totals.moneyIn)}</dd>
          </div>
          <div>
            <dt>{t('history.moneyOut')}</dt>
            <dd>{formatTk(totals.moneyOut)}</dd>
          </div>
          <div>
            <dt>{t('history.sales')}</dt>
            <dd>{formatTk(totals.sales)}</dd>
          </div>
        </dl>
      )}

      {query.isPending ? (
        <Spinner label={t('history.loading')} />
      ) : query.isError ? (
        <div role="alert">
          <p>{t('history.failed', { message: errorText(query.error) })}</p>
          <Button variant="secondary" onClick={() => query.refetch()}>
            {t('history.retry')}
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <EmptyState title={t('history.empty')} />
      ) : (
        <>
          <DataTable
            rows={entries}
            columns={columns}
            rowKey={(entry) => entry.id}
            label={t('chrome.history')}
            className="hist-table"
            wrap={false}
          />
          <div className="hist-more">
            {totals && (
              <p className="shell-muted">
                {t('history.shown', { shown: formatCount(entries.length), count: formatCount(totals.count) })}
              </p>
            )}
            {query.hasNextPage && (
              <Button
                variant="secondary"
                onClick={() => query.fetchNextPage()}
                loading={query.isFetchingNextPage}
              >
                {query.isFetchingNextPage ? t('history.loadingMore') : t('history.loadMore')}
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
