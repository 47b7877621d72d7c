import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import type { AboveOfficialRow } from '@mojud/contracts';
import {
  type DataColumn,
  dhakaDay,
  formatCount,
  formatDateTime,
  formatItemName,
  formatSaleNumber,
  formatTk,
  ReportPage,
  TextField,
  useDocumentTitle,
  useDownload,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { Link } from '@mojud/router';
import { ns } from '../texts';
import { aboveOfficialQuery, downloadAboveOfficialCsv } from './api';
import './texts';

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
    { key: 'sale', header: t('official.colSale'), cell: (r) => <Link to={`/sales/${r.saleId}`}>{formatSaleNumber(r.number)}</Link>, card: 'title' },
    { key: 'item', header: t('official.colItem'), cell: (r) => formatItemName(r.itemName) },
    { key: 'quantity', header: t('official.colQuantity'), cell: (r) => formatCount(r.quantity), numeric: true },
    { key: 'price', header: t('official.colPrice'), cell: (r) => formatTk(r.unitPrice), numeric: true },
    { key: 'official', header: t('official.colOfficial'), cell: (r) => formatTk(r.officialPrice), numeric: true },
    { key: 'reason', header: t('official.colReason'), cell: (r) => r.reason ?? '', card: 'wide' },
    { key: 'seller', header: t('official.colSeller'), cell: (r) => r.sellerName },
  ];
  return (
    <ReportPage
      id="above-official-title"
      title={t('official.report')}
      back={<Link to="/inventory/official-prices">{t('official.title')}</Link>}
      lead={t('official.reportLead')}
      controls={<TextField label={t('official.month')} type="month" value={month} onChange={(e) => setMonth(e.target.value)} />}
      csv={{ label: t('official.downloadCsv'), download, downloading }}
      query={{ ...report, data: report.data?.rows }}
      ready={valid}
      loading={t('official.loading')}
      failed={(error) => t('official.loadFailed', { message: errorText(error) })}
      empty={t('official.reportEmpty')}
      columns={columns}
      rowKey={(r) => `${r.saleId}:${r.number}:${r.itemName}`}
    />
  );
}
