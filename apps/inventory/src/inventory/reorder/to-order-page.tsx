import { useQuery } from '@tanstack/react-query';
import { normalizeError } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import {
  formatCount,
  formatItemName,
  ReportPage,
  useDocumentTitle,
  useDownload,
  type DataColumn,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { Link } from '@mojud/router';
import { downloadCsv } from '@mojud/api-client';
import type { ReorderItem } from '@mojud/contracts';
import { ns } from '../../texts';
import { reorderQueries } from './api';
import './texts';

/** Items below their reorder level, most short first, with how many to order; the same as CSV. */
export function ToOrderPage() {
  const t = useT(ns);
  useDocumentTitle(t('reorder.title'));
  const store = useAuthStore(selectCurrentStore);
  const list = useQuery({ ...reorderQueries.list(store?.id ?? ''), enabled: Boolean(store) });
  const { download, downloading } = useDownload(
    () => downloadCsv(`/stores/${store?.id}/reorder.csv`, {}, 'mojud-to-order.csv'),
    (message) => t('reorder.downloadFailed', { message }),
  );
  if (!store) return <p>{t('noStore')}</p>;
  const columns: DataColumn<ReorderItem>[] = [
    { key: 'item', header: t('reorder.item'), cell: (item) => formatItemName(item.name), card: 'title' },
    { key: 'inStock', header: t('reorder.inStock'), cell: (item) => formatCount(item.count), numeric: true },
    { key: 'level', header: t('reorder.level'), cell: (item) => formatCount(item.level), numeric: true },
    { key: 'toOrder', header: t('reorder.toOrder'), cell: (item) => <strong>{formatCount(item.shortBy)}</strong>, numeric: true },
  ];

  return (
    <ReportPage
      id="to-order-title"
      title={t('reorder.title')}
      back={<Link to="/inventory">{t('reorder.backToInventory')}</Link>}
      lead={t('reorder.lead')}
      csv={{ label: t('reorder.downloadCsv'), download, downloading }}
      query={list}
      loading={t('reorder.loading')}
      failed={(error) => t('reorder.loadFailed', { message: normalizeError(error).message })}
      empty={t('reorder.empty')}
      columns={columns}
      rowKey={(item) => `${item.itemType}:${item.itemId}`}
    />
  );
}
