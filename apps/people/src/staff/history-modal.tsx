import { useQuery } from '@tanstack/react-query';
import type { StaffMember } from '@mojud/contracts';
import { formatDateTime, formatMonth, formatTk, Modal, QueryView } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns, valueKey } from '../texts';
import { staffQueries } from './api';

/** Salary payments of one person, grouped by the month they were paid for. */
export function HistoryModal({ storeId, staff, onClose }: { storeId: string; staff: Pick<StaffMember, 'id' | 'name'>; onClose: () => void }) {
  const t = useT(ns);
  const payments = useQuery(staffQueries.payments(storeId, staff.id));
  return (
    <Modal open onClose={onClose} title={t('historyTitle', { name: staff.name })} size="md">
      <QueryView query={payments} loading={t('loading')} failed={t('paymentsFailed')} empty={t('noPayments')}>
        {(data) => (
          <ul className="people-history">
            {data.map((m) => (
              <li key={m.month}>
                <h3>{t('monthPaid', { month: formatMonth(m.month), amount: formatTk(m.paid) })}</h3>
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
      </QueryView>
    </Modal>
  );
}
