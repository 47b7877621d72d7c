import { useQuery } from '@tanstack/react-query';
import type { StaffMember } from '@mojud/contracts';
import { formatDateTime, formatTk, Modal, Spinner } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns, valueKey } from '../messages';
import { staffQueries } from './api';

/** Salary payments of one person, grouped by the month they were paid for. */
export function HistoryModal({ storeId, staff, onClose }: { storeId: string; staff: Pick<StaffMember, 'id' | 'name'>; onClose: () => void }) {
  const t = useT(ns);
  const { data, isPending, isError } = useQuery(staffQueries.payments(storeId, staff.id));
  return (
    <Modal open onClose={onClose} title={t('historyTitle', { name: staff.name })} size="md">
      {isPending ? (
        <p>
          <Spinner /> {t('loading')}
        </p>
      ) : isError ? (
        <p role="alert" className="people-error">
          {t('paymentsFailed')}
        </p>
      ) : data.length === 0 ? (
        <p>{t('noPayments')}</p>
      ) : (
        <ul className="people-history">
          {data.map((m) => (
            <li key={m.month}>
              <h3>{t('monthPaid', { month: m.month, amount: formatTk(m.paid) })}</h3>
              <ul>
                {m.payments.map((p) => (
                  <li key={p.id}>
                    {formatTk(p.amount)} · {p.paymentMethod ? t(valueKey('method', p.paymentMethod)) : ''} ·{' '}
                    {formatDateTime(p.createdAt)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
