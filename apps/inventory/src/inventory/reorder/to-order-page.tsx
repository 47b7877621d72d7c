import { useQuery } from '@tanstack/react-query';
import { normalizeError } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import {
  Button,
  EmptyState,
  formatCount,
  Spinner,
  Table,
  useDocumentTitle,
  useDownload,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { Link } from '@mojud/router';
import { downloadCsv } from '@mojud/api-client';
import { ns } from '../../messages';
import { reorderQueries } from './api';
import './messages';
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
        <Table className="ds-table--cards" aria-label={t('reorder.title')}>
          <thead>
            <tr>
              <th scope="col">{t('reorder.item')}</th>
              <th scope="col" className="inv-num">
                {t('reorder.inStock')}
              </th>
              <th scope="col" className="inv-num">
                {t('reorder.level')}
              </th>
              <th scope="col" className="inv-num">
                {t('reorder.toOrder')}
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((item) => (
              <tr key={`${item.itemType}:${item.itemId}`}>
                <td className="ds-card-title" data-label={t('reorder.item')}>
                  {item.name}
                </td>
                <td className="inv-num" data-label={t('reorder.inStock')}>
                  {formatCount(item.count)}
                </td>
                <td className="inv-num" data-label={t('reorder.level')}>
                  {formatCount(item.level)}
                </td>
                <td className="inv-num" data-label={t('reorder.toOrder')}>
                  <strong>{formatCount(item.shortBy)}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
