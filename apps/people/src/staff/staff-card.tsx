import type { StaffMember } from '@mojud/contracts';
import { Button, formatDate, ListCard } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns, valueKey } from '../texts';
import { formatSalary } from './money';

interface Props {
  staff: Partial<StaffMember> & { id: string };
  canManage: boolean;
  onPay: () => void;
  onHistory: () => void;
  onDelete: () => void;
}

/**
 * One employee with this month's salary figures; missing values show the spec's defaults.
 * Salaries are the owner's money (DEALER.md rule 23): a staff member sees names and roles only.
 */
export function StaffCard({ staff, canManage, onPay, onHistory, onDelete }: Props) {
  const t = useT(ns);
  const name = staff.name?.trim() || t('unnamed');
  const salary = staff.salary ?? 15000;
  const paid = staff.paid ?? 0;
  const remaining = staff.remaining ?? Math.max(0, salary - paid);
  const status = staff.salaryStatus ?? 'Unpaid';
  return (
    <ListCard
      name={name}
      subtitle={staff.role || t('friend')}
      remove={canManage ? { label: t('deleteStaff', { name }), onSelect: onDelete } : undefined}
      actions={
        <>
          {canManage && <Button onClick={onPay}>{t('pay')}</Button>}
          {canManage && (
            <Button variant="secondary" onClick={onHistory}>
              {t('history')}
            </Button>
          )}
        </>
      }
    >
      {canManage && (
        <dl className="people-figures">
          <dt>{t('salary')}</dt>
          <dd>{formatSalary(salary)}</dd>
          <dt>{t('paid')}</dt>
          <dd>{formatSalary(paid)}</dd>
          <dt>{t('remaining')}</dt>
          <dd>{formatSalary(remaining)}</dd>
          <dt>{t('status')}</dt>
          <dd className={`people-status people-status--${status.replace(' ', '-').toLowerCase()}`}>
            {t(valueKey('status', status))}
          </dd>
          <dt>{t('lastPaid')}</dt>
          <dd>{staff.lastPaidDate ? formatDate(staff.lastPaidDate) : t('neverPaid')}</dd>
        </dl>
      )}
    </ListCard>
  );
}
