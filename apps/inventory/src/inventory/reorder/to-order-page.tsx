import { useQuery } from '@tanstack/react-query';
import { normalizeError } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import {
  Button,
  DataTable,
  EmptyState,
  formatCount,
  formatItemName,
  Spinner,
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
import '../inventory.css';

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
    <section className="inventory-page" aria-labelledby="to-order-title">
      <div className="inventory-page__header">
        <h2 id="to-order-title">{t('reorder.title')}</h2>
        <Link to="/inventory">{t('reorder.backToInventory')}</Link>
      </div>
      <p className="inv-hint">{t('reorder.lead')}</p>
      <div className="inv-toolbar">
        <Button
          variant="secondary"
          onClick={() => void download()}
          loading={downloading}
          disabled={!list.data?.length}
        >
          {t('reorder.downloadCsv')}
        </Button>
      </div>
      {list.isPending ? (
        <Spinner label={t('reorder.loading')} />
      ) : list.isError ? (
        <p role="alert" className="ds-error-text">
          {t('reorder.loadFailed', { message: normalizeError(list.error).message })}
        </p>
      ) : list.data.length === 0 ? (
        <EmptyState title={t('reorder.empty')} />
      ) : (
        <DataTable
          rows={list.data}
          columns={columns}
          rowKey={(item) => `${item.itemType}:${item.itemId}`}
          label={t('reorder.title')}
        />
      )}
    </section>
  );
}
