import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from '@mojud/router';
import { errorText } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import type { Division, Shop } from '@mojud/contracts';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  formatCount,
  formatTk,
  notify,
  SelectField,
  Spinner,
  StoreLine,
  TextField,
  useDocumentTitle,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { CollectEmptiesModal } from '../empties/collect-empties-modal';
import { ns as emptiesNs } from '../empties/texts';
import { ns as openingNs } from '../opening/texts';
import { ns } from '../texts';
import { shopQueries, useDeleteArea, useDeleteShop, type ShopSort } from './api';
import { AreaModal } from './area-modal';
import { DuePaymentModal } from './due-payment-modal';
import { ShopCard } from './shop-card';
import { ShopFormModal } from './shop-form-modal';
// Opened now and then: each loads with its first opening, not with the list.
const MessageModal = lazy(() => import('../messaging/message-modal').then((m) => ({ default: m.MessageModal })));
const StatementModal = lazy(() => import('../messaging/statement-modal').then((m) => ({ default: m.StatementModal })));
const HistoryModal = lazy(() => import('./history-modal').then((m) => ({ default: m.HistoryModal })));
const OpeningModal = lazy(() => import('../opening/opening-modal').then((m) => ({ default: m.OpeningModal })));
import './shops.css';

const MANAGERS = ['owner', 'admin', 'manager'];

type Dialog =
  | { type: 'add' }
  | { type: 'edit'; shop: Shop }
  | { type: 'delete'; shop: Shop }
  | { type: 'pay'; shop: Shop }
  | { type: 'history'; shop: Shop }
  | { type: 'message'; shop: Shop }
  | { type: 'statement'; shop: Shop }
  | { type: 'collect'; shop: Shop }
  | { type: 'opening'; shop: Shop }
  | { type: 'add-area' }
  | { type: 'rename-area'; area: Division }
  | { type: 'delete-area'; area: Division }
  | null;

export function ShopsPage() {
  const t = useT(ns);
  useDocumentTitle(t('title'));
  const store = useAuthStore(selectCurrentStore);
  if (!store) return <p>{t('noStore')}</p>;
  return <Shops storeId={store.id} canManage={MANAGERS.includes(String(store.role))} />;
}

function Shops({ storeId, canManage }: { storeId: string; canManage: boolean }) {
  const t = useT(ns);
  const te = useT(emptiesNs);
  const to = useT(openingNs);
  const store = useAuthStore(selectCurrentStore);
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<ShopSort>('name');
  const [dialog, setDialog] = useState<Dialog>(null);
  const deferredSearch = useDeferredValue(search.trim());

  const areas = useQuery(shopQueries.areas(storeId));
  const area = areas.data?.find((a) => a.id === params.get('area')) ?? areas.data?.[0];
  const selectArea = (id: string) =>
    setParams(
      (p) => {
        p.set('area', id);
        return p;
      },
      { replace: true },
    );

  const shops = useQuery({
    ...shopQueries.list(storeId, area?.id ?? '', { search: deferredSearch, sort }),
    enabled: !!area,
  });
  const deleteShop = useDeleteShop(storeId, area?.id ?? '');
  const deleteArea = useDeleteArea(storeId);
  const close = () => setDialog(null);

  const error = areas.error ?? shops.error;
  return (
    <section className="customers-page">
      <div className="ds-page-header">
        <h2>{t('title')}</h2>
        {shops.data && <p>{t('receivable', { amount: formatTk(shops.data.totalReceivable) })}</p>}
        <div className="cust-toolbar__buttons">
          <Link to="empties" className="ds-button ds-button--secondary">
            {te('emptiesOut')}
          </Link>
          {canManage && (
            <Link to="import" className="ds-button ds-button--secondary">
              {to('importLink')}
            </Link>
          )}
          {canManage && area && <Button onClick={() => setDialog({ type: 'add' })}>{t('addShop')}</Button>}
        </div>
      </div>
      <StoreLine store={store} />

      {areas.data && area && (
        <div className="cust-toolbar">
          <div className="cust-toolbar__area">
            <SelectField
              label={t('area')}
              value={area.id}
              onChange={(e) => selectArea(e.target.value)}
              options={areas.data.map((a) => ({ value: a.id, label: `${a.name} (${formatCount(a.shopCount)})` }))}
            />
            {canManage && (
              <div className="cust-toolbar__buttons">
                <Button variant="secondary" onClick={() => setDialog({ type: 'add-area' })}>
                  {t('addArea')}
                </Button>
                <Button variant="secondary" onClick={() => setDialog({ type: 'rename-area', area })}>
                  {t('renameArea')}
                </Button>
                {areas.data.length > 1 && (
                  <Button variant="ghost" onClick={() => setDialog({ type: 'delete-area', area })}>
                    {t('deleteArea')}
                  </Button>
                )}
              </div>
            )}
          </div>
          <div className="cust-toolbar__filters">
            <TextField
              label={t('search')}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <SelectField
              label={t('sort')}
              value={sort}
              onChange={(e) => setSort(e.target.value as ShopSort)}
              options={[
                { value: 'name', label: t('sortName') },
                { value: 'due', label: t('sortDue') },
              ]}
            />
          </div>
        </div>
      )}

      {error ? (
        <p role="alert" className="ds-error-text">
          {t('loadFailed', { message: errorText(error) })}
        </p>
      ) : areas.isPending || (shops.isPending && !!area) ? (
        <p>
          <Spinner /> {t('loading')}
        </p>
      ) : shops.data && shops.data.stores.length === 0 ? (
        <EmptyState title={deferredSearch ? t('noMatches') : t('noShops')} />
      ) : (
        <ul className="ds-card-list" aria-label={t('title')}>
          {shops.data?.stores.map((shop) => (
            <ShopCard
              key={shop.id}
              shop={shop}
              canManage={canManage}
              onPay={() => setDialog({ type: 'pay', shop })}
              onHistory={() => setDialog({ type: 'history', shop })}
              onCollect={() => setDialog({ type: 'collect', shop })}
              onEdit={() => setDialog({ type: 'edit', shop })}
              onDelete={() => setDialog({ type: 'delete', shop })}
              onMessage={() => setDialog({ type: 'message', shop })}
              onStatement={() => setDialog({ type: 'statement', shop })}
              onOpening={() => setDialog({ type: 'opening', shop })}
            />
          ))}
        </ul>
      )}

      {area && dialog?.type === 'add' && (
        <ShopFormModal storeId={storeId} divisionId={area.id} onClose={close} />
      )}
      {area && dialog?.type === 'edit' && (
        <ShopFormModal storeId={storeId} divisionId={area.id} shop={dialog.shop} onClose={close} />
      )}
      {dialog?.type === 'pay' && <DuePaymentModal storeId={storeId} shop={dialog.shop} onClose={close} />}
      <Suspense fallback={null}>
        {dialog?.type === 'history' && <HistoryModal storeId={storeId} shop={dialog.shop} onClose={close} />}
        {dialog?.type === 'message' && <MessageModal storeId={storeId} shop={dialog.shop} onClose={close} />}
        {dialog?.type === 'statement' && <StatementModal storeId={storeId} shop={dialog.shop} onClose={close} />}
        {dialog?.type === 'opening' && <OpeningModal storeId={storeId} shop={dialog.shop} onClose={close} />}
      </Suspense>
      {dialog?.type === 'collect' && <CollectEmptiesModal storeId={storeId} shop={dialog.shop} onClose={close} />}
      {dialog?.type === 'add-area' && (
        <AreaModal storeId={storeId} onClose={close} onSaved={(a) => selectArea(a.id)} />
      )}
      {dialog?.type === 'rename-area' && (
        <AreaModal storeId={storeId} area={dialog.area} onClose={close} onSaved={() => undefined} />
      )}
      <ConfirmDialog
        open={dialog?.type === 'delete'}
        title={t('confirmDelete')}
        message={
          <>
            {t('confirmDeleteShop')}
            <br />
            {t('historyKept')}
          </>
        }
        cancelLabel={t('cancel')}
        confirmLabel={t('delete')}
        busy={deleteShop.isPending}
        onCancel={close}
        onConfirm={() =>
          dialog?.type === 'delete' &&
          deleteShop.mutate(dialog.shop.id, {
            onSuccess: () => {
              notify.success(t('shopDeleted'));
              close();
            },
            onError: (err) => notify.error(errorText(err)),
          })
        }
      />
      <ConfirmDialog
        open={dialog?.type === 'delete-area'}
        title={t('confirmDelete')}
        message={dialog?.type === 'delete-area' ? t('confirmDeleteArea', { name: dialog.area.name }) : ''}
        cancelLabel={t('cancel')}
        confirmLabel={t('delete')}
        busy={deleteArea.isPending}
        onCancel={close}
        onConfirm={() =>
          dialog?.type === 'delete-area' &&
          deleteArea.mutate(dialog.area.id, {
            onSuccess: () => {
              notify.success(t('areaDeleted'));
              setParams((p) => {
                p.delete('area');
                return p;
              });
              close();
            },
            onError: (err) => notify.error(errorText(err)),
          })
        }
      />
    </section>
  );
}
