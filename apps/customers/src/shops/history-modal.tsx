import { useQuery } from '@tanstack/react-query';
import type { ShopTransaction } from '@mojud/contracts';
import { DataTable, formatCount, formatDateTime, formatPayment, formatTk, Modal, QueryView, type DataColumn } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns as emptiesNs } from '../empties/texts';
import { ns as openingNs } from '../opening/texts';
import { ns } from '../texts';
import { shopQueries } from './api';

/**
 * Every sell on due and every payment of a shop, newest first, with the due after each; and
 * beside the money, every change of the empties it owes (DEALER.md rule 9).
 */
export function HistoryModal({
  storeId,
  shop,
  onClose,
}: {
  storeId: string;
  shop: { id: string; name: string };
  onClose: () => void;
}) {
  const t = useT(ns);
  const te = useT(emptiesNs);
  const to = useT(openingNs);
  const history = useQuery(shopQueries.history(storeId, shop.id));
  const kindLabel = (kind: string) =>
    kind === 'sell' || kind === 'due_payment'
      ? t(`kind_${kind}`)
      : kind === 'empties_collected' || kind === 'empties_bought'
        ? te(`kind_${kind}`)
        : kind === 'opening'
          ? to('openingAction')
          : t('kind_other');
  const sign = (n: number) => (n > 0 ? 'cust-amount--up' : n < 0 ? 'cust-amount--down' : undefined);
  const columns: DataColumn<ShopTransaction>[] = [
    { key: 'date', header: t('date'), cell: (tx) => formatDateTime(tx.createdAt), card: 'wide' },
    {
      key: 'type',
      header: t('type'),
      cell: (tx) =>
        `${tx.paymentMethod && tx.kind === 'due_payment' ? formatPayment(tx.paymentMethod) : kindLabel(tx.kind)}${tx.ref ? ` · ${tx.ref}` : ''}`,
      card: 'wide',
    },
    {
      key: 'amount',
      header: t('amount'),
      cell: (tx) => (
        <span className={sign(tx.dueDelta)}>
          {tx.dueDelta === 0 ? '—' : `${tx.dueDelta > 0 ? '+' : '−'}${formatTk(Math.abs(tx.dueDelta))}`}
        </span>
      ),
      card: 'half',
    },
    { key: 'due', header: t('dueAfter'), cell: (tx) => formatTk(tx.balance), card: 'half' },
    {
      key: 'empties',
      header: te('emptiesColumn'),
      cell: (tx) => (
        <span className={sign(tx.emptiesDelta)}>
          {tx.emptiesDelta === 0
            ? '—'
            : te('emptiesChange', {
                sign: tx.emptiesDelta > 0 ? '+' : '−',
                count: formatCount(Math.abs(tx.emptiesDelta)),
                item: tx.itemName ?? '',
              })}
        </span>
      ),
      card: 'wide',
    },
  ];
  return (
    <Modal open onClose={onClose} title={t('historyTitle', { name: shop.name })} size="lg">
      <QueryView
        query={history}
        loading={t('loading')}
        failed={t('historyFailed')}
        empty={t('noTransactions')}
        isEmpty={(data) => data.transactions.length === 0}
      >
        {(data) => (
          <>
            <p className={data.due > 0 ? 'cust-due cust-due--owed' : 'cust-due cust-due--clear'}>
              {t('currentDue', { amount: formatTk(data.due) })}
            </p>
            <p className="cust-empties" data-testid="history-empties">
              {data.emptiesOwed.length
                ? te('historyOwes', {
                    list: data.emptiesOwed.map((e) => te('owesItem', { count: formatCount(e.count), item: e.itemName })).join(', '),
                  })
                : te('historyOwesNone')}
            </p>
            <DataTable
              rows={data.transactions}
              columns={columns}
              rowKey={(tx) => tx.id}
              label={t('historyTitle', { name: shop.name })}
            />
          </>
        )}
      </QueryView>
    </Modal>
  );
}
