import { useQuery } from '@tanstack/react-query';
import { formatDateTime, formatTk, Modal, Spinner, Table } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../messages';
import { shopQueries } from './api';

/** Every sell on due and every payment of a shop, newest first, with the due after each. */
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
  const { data, isPending, isError } = useQuery(shopQueries.history(storeId, shop.id));
  const kindLabel = (kind: string) =>
    kind === 'sell' || kind === 'due_payment' ? t(`kind_${kind}`) : t('kind_other');
  return (
    <Modal open onClose={onClose} title={t('historyTitle', { name: shop.name })} size="lg">
      {isPending ? (
        <p>
          <Spinner /> {t('loading')}
        </p>
      ) : isError ? (
        <p role="alert">{t('historyFailed')}</p>
      ) : data.transactions.length === 0 ? (
        <p>{t('noTransactions')}</p>
      ) : (
        <>
          <p className={data.due > 0 ? 'cust-due cust-due--owed' : 'cust-due cust-due--clear'}>
            {t('currentDue', { amount: formatTk(data.due) })}
          </p>
          <Table>
            <thead>
              <tr>
                <th>{t('date')}</th>
                <th>{t('type')}</th>
                <th>{t('amount')}</th>
                <th>{t('dueAfter')}</th>
              </tr>
            </thead>
            <tbody>
              {data.transactions.map((tx) => (
                <tr key={tx.id}>
                  <td>{formatDateTime(tx.createdAt)}</td>
                  <td>
                    {kindLabel(tx.kind)}
                    {tx.paymentMethod && tx.kind === 'due_payment'
                      ? ` · ${t(`method_${tx.paymentMethod}`)}`
                      : ''}
                    {tx.ref ? ` · ${tx.ref}` : ''}
                  </td>
                  <td className={tx.dueDelta > 0 ? 'cust-amount--up' : 'cust-amount--down'}>
                    {tx.dueDelta > 0 ? '+' : '−'}
                    {formatTk(tx.amount)}
                  </td>
                  <td>{formatTk(tx.balance)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
    </Modal>
  );
}
