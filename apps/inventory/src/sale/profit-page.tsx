import { useQuery } from '@tanstack/react-query';

import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import type { ProfitReport } from '@mojud/contracts';
import {
  Banner,
  Button,
  formatBrandName,
  formatCount,
  formatItemName,
  formatTk,
  DataTable,
  Spinner,
  useDocumentTitle,
  useDownload,
  type DataColumn,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { Link } from '@mojud/router';
import { ns } from '../texts';
import { downloadProfitCsv, saleQueries } from './api';
import { DayRangeFields, LoadFailed, useDayRange } from './day-range';
import './texts';
import './sale.css';

type Row = ProfitReport['totals'];

/** Gross profit by brand and by item for any range of Dhaka days, with the same as CSV. */
export function ProfitReportPage() {
  const t = useT(ns);
  useDocumentTitle(t('sale.profitTitle'));
  const store = useAuthStore(selectCurrentStore);
  const range = useDayRange((today) => `${today.slice(0, 8)}01`);
  const { from, to } = range;
  const valid = from <= to;
  const report = useQuery({
    ...saleQueries.profit(store?.id ?? '', { from, to }),
    enabled: Boolean(store) && valid,
  });
  const { download, downloading } = useDownload(
    () => downloadProfitCsv(store?.id ?? '', { from, to }),
    (message) => t('sale.csvFailed', { message }),
  );
  if (!store) return <p>{t('noStore')}</p>;

  return (
    <section className="profit" aria-labelledby="profit-title">
      <div className="ds-page-header">
        <h2 id="profit-title">{t('sale.profitTitle')}</h2>
        <Link to="/sales">{t('sale.allSales')}</Link>
      </div>
      <DayRangeFields range={range}>
        <Button variant="secondary" onClick={() => void download()} disabled={!valid} loading={downloading}>
          {t('sale.downloadCsv')}
        </Button>
      </DayRangeFields>
      {!valid ? (
        <p role="alert" className="ds-error-text">
          {t('sale.rangeInvalid')}
        </p>
      ) : report.isPending ? (
        <Spinner label={t('sale.loading')} />
      ) : report.isError ? (
        <LoadFailed error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <>
          {/* Rule 18: gross profit, the range's expenses, and what is left (net), each named. */}
          <dl className="profit__figures">
            <div>
              <dt>{t('sale.profit')}</dt>
              <dd data-testid="report-profit">{formatTk(report.data.totals.profit)}</dd>
            </div>
            <div>
              <dt>{t('sale.expenses')}</dt>
              <dd data-testid="report-expenses">{formatTk(report.data.expenses)}</dd>
            </div>
            <div>
              <dt>{t('sale.netProfit')}</dt>
              <dd data-testid="report-net-profit">{formatTk(report.data.netProfit)}</dd>
            </div>
          </dl>
          {report.data.items.length === 0 && <p>{t('sale.noProfitRows')}</p>}
          {report.data.costUnknownItems.length > 0 && (
            <Banner tone="warning">
              {t('sale.unknownCost', {
                items: report.data.costUnknownItems.map(formatItemName).join(', '),
                amount: formatTk(report.data.totals.costUnknownSales),
              })}
            </Banner>
          )}
          {report.data.items.length > 0 && (
            <>
          <ProfitTable
            caption={t('sale.byBrand')}
            first={t('sale.brand')}
            rows={report.data.brands.map((b) => ({ ...b, name: formatBrandName(b.brandName), key: b.brandName }))}
            totals={report.data.totals}
          />
          <ProfitTable
            caption={t('sale.byItem')}
            first={t('sale.item')}
            rows={report.data.items.map((i) => ({
              ...i,
              name: formatItemName(i.itemName),
              key: `${i.itemType}:${i.itemId}`,
            }))}
            totals={report.data.totals}
          />
            </>
          )}
        </>
      )}
    </section>
  );
}

type ProfitRow = Row & { name: string; key: string; total?: boolean };

function ProfitTable({
  caption,
  first,
  rows,
  totals,
}: {
  caption: string;
  first: string;
  rows: ProfitRow[];
  totals: Row;
}) {
  const t = useT(ns);
  const columns: DataColumn<ProfitRow>[] = [
    {
      key: 'name',
      header: first,
      cell: (row) => (
        <>
          {row.name}
          {!row.total && row.costUnknownLines > 0 && (
            <small className="ds-muted">{t('sale.costUnknownLines', { count: row.costUnknownLines })}</small>
          )}
        </>
      ),
      rowHeader: true,
      card: ['title', 'wide'],
    },
    { key: 'sold', header: t('sale.sold'), cell: (row) => formatCount(row.quantity), numeric: true, card: 'half' },
    { key: 'sales', header: t('sale.sales'), cell: (row) => formatTk(row.sales), numeric: true, card: 'half' },
    { key: 'cost', header: t('sale.cost'), cell: (row) => formatTk(row.cost), numeric: true, card: 'half' },
    { key: 'profit', header: t('sale.profit'), cell: (row) => formatTk(row.profit), numeric: true, card: 'half' },
  ];
  // On a phone each brand or item is a card, so nothing scrolls sideways.
  return (
    <DataTable
      rows={rows}
      columns={columns}
      rowKey={(row) => row.key}
      footer={[{ ...totals, name: t('sale.totals'), key: 'totals', total: true }]}
      label={caption}
      caption={caption}
    />
  );
}
