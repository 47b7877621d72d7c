import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import type { AboveOfficialRow } from '@mojud/contracts';
import {
  Button,
  DataTable,
  dhakaDay,
  EmptyState,
  formatCount,
  formatDateTime,
  formatItemName,
  formatTk,
  Spinner,
  TextField,
  useDocumentTitle,
  useDownload,
  type DataColumn,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { Link } from '@mojud/router';
import { ns } from '../texts';
import { aboveOfficialQuery, downloadAboveOfficialCsv } from './api';
import './texts';
import '../inventory/inventory.css';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month's walk-in refills sold above the official price in force (rule 13), with the CSV; managers and up. */
export function AboveOfficialPage() {
  const t = useT(ns);
  useDocumentTitle(t('official.report'));
  const store = useAuthStore(selectCurrentStore);
  const storeId = store?.id ?? '';
  const [month, setMonth] = useState(() => dhakaDay().slice(0, 7));
  const valid = MONTH.test(month);
  const report = useQuery({ ...aboveOfficialQuery(storeId, month), enabled: Boolean(store) && valid });
  const { download, downloading } = useDownload(
    () => downloadAboveOfficialCsv(storeId, month),
    (message) => t('official.downloadFailed', { message }),
  );
  if (!store) return <p>{t('noStore')}</p>;
  const columns: DataColumn<AboveOfficialRow>[] = [
    { key: 'date', header: t('official.colDate'), cell: (r) => formatDateTime(r.createdAt) },
    { key: 'sale', header: t('official.colSale'), cell: (r) => <Link to={`/sales/${r.saleId}`}>{r.number}</Link>, card: 'title' },
    { key: 'item', header: t('official.colItem'), cell: (r) => formatItemName(r.itemName) },
    { key: 'quantity', header: t('official.colQuantity'), cell: (r) => formatCount(r.quantity), numeric: true },
    { key: 'price', header: t('official.colPrice'), cell: (r) => formatTk(r.unitPrice), numeric: true },
    { key: 'official', header: t('official.colOfficial'), cell: (r) => formatTk(r.officialPrice), numeric: true },
    { key: 'reason', header: t('official.colReason'), cell: (r) => r.reason ?? '', card: 'wide' },
    { key: 'seller', header: t('official.colSeller'), cell: (r) => r.sellerName },
  ];
  return (
    <section className="inventory-page" aria-labelledby="above-official-title">
      <div className="inventory-page__header">
        <h2 id="above-official-title">{t('official.report')}</h2>
        <Link to="/inventory/official-prices">{t('official.title')}</Link>
      </div>
      <p className="inv-hint">{t('official.reportLead')}</p>
      <div className="inv-toolbar">
        <TextField label={t('official.month')} type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
        <Button variant="secondary" onClick={() => void download()} loading={downloading} disabled={!valid || !report.data?.rows.length}>
          {t('official.downloadCsv')}
        </Button>
      </div>
      {!valid ? null : report.isPending ? (
        <Spinner label={t('official.loading')} />
      ) : report.isError ? (
        <p role="alert" className="ds-error-text">
          {t('official.loadFailed', { message: errorText(report.error) })}
        </p>
      ) : report.data.rows.length === 0 ? (
        <EmptyState title={t('official.reportEmpty')} />
      ) : (
        <DataTable rows={report.data.rows} columns={columns} rowKey={(r) => `${r.saleId}:${r.number}:${r.itemName}`} label={t('official.report')} />
      )}
    </section>
  );
}
