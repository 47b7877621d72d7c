import type { StaffMember } from '@mojud/contracts';
import { Button, formatDate } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns, valueKey } from '../messages';
import { formatSalary } from './money';

interface Props {
  staff: Partial<StaffMember> & { id: string };
  canManage: boolean;
  onPay: () => void;
  onHistory: () => void;
  onDelete: () => void;
}

/** One employee with this month's salary figures; missing values show the spec's defaults. */
export function StaffCard({ staff, canManage, onPay, onHistory, onDelete }: Props) {
  const t = useT(ns);
  const name = staff.name?.trim() || t('unnamed');
  const salary = staff.salary ?? 15000;
  const paid = staff.paid ?? 0;
  const remaining = staff.remaining ?? Math.max(0, salary - paid);
  const status = staff.salaryStatus ?? 'Unpaid';
  return (
    <li className="people-card" aria-label={name}>
      <div className="people-card__top">
        <div>
          <h3 className="people-card__name">{name}</h3>
          <p className="people-muted">{staff.role || t('friend')}</p>
        </div>
        {canManage && (
          <button type="button" className="people-card__delete" aria-label={t('deleteStaff', { name })} onClick={onDelete}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z" />
            </svg>
          </button>
        )}
      </div>
      <dl className="people-figures">
        <dt>{t('salary')}</dt>
        <dd>{formatSalary(salary)}</dd>
        <dt>{t('paid')}</dt>
        <dd>{formatSalary(paid)}</dd>
        <dt>{t('remaining')}</dt>
        <dd>{formatSalary(remaining)}</dd>
        <dt>{t('status')}</dt>
        <dd className={`people-status people-status--${status.replace(' ', '-').toLowerCase()}`}>{t(valueKey('status', status))}</dd>
        <dt>{t('lastPaid')}</dt>
        <dd>{staff.lastPaidDate ? formatDate(staff.lastPaidDate) : t('neverPaid')}</dd>
      </dl>
      <div className="people-card__actions">
        {canManage && <Button onClick={onPay}>{t('pay')}</Button>}
        <Button variant="secondary" onClick={onHistory}>
          {t('history')}
        </Button>
      </div>
    </li>
  );
}
