import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import type { StaffMember } from '@mojud/contracts';
import { Button, ConfirmDialog, EmptyState, notify, Spinner, useDocumentTitle } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { InviteStaffModal } from '../invitations/invite-staff-modal';
import { ns } from '../texts';
import { atLeast } from '../roles';
import '../people.css';
import { staffQueries, useDeleteStaff } from './api';
import { AddStaffModal } from './add-staff-modal';
import { HistoryModal } from './history-modal';
import { PayModal } from './pay-modal';
import { StaffCard } from './staff-card';

type Open = { kind: 'add' } | { kind: 'invite' } | { kind: 'pay' | 'history' | 'delete'; staff: StaffMember } | null;

export function StaffPage() {
  const t = useT(ns);
  useDocumentTitle(t('title'));
  const store = useAuthStore(selectCurrentStore);
  const [open, setOpen] = useState<Open>(null);
  const storeId = store?.id ?? '';
  const list = useQuery({ ...staffQueries.list(storeId), enabled: Boolean(store) });
  const remove = useDeleteStaff(storeId);
  const canManage = atLeast(store?.role, 'manager');
  const canInvite = atLeast(store?.role, 'admin');
  const close = () => setOpen(null);

  const header = (
    <div className="ds-page-header">
      <h2>{t('title')}</h2>
      <div className="people-page__buttons">
        {canManage && store && <Button onClick={() => setOpen({ kind: 'add' })}>{t('addStaff')}</Button>}
        {canInvite && (
          <Button variant="secondary" onClick={() => setOpen({ kind: 'invite' })}>
            {t('inviteStaff')}
          </Button>
        )}
      </div>
    </div>
  );

  let body;
  if (!store) body = <p>{t('noStore')}</p>;
  else if (list.isPending) body = <Spinner />;
  else if (list.isError) body = <p role="alert" className="ds-error-text">{t('loadFailed', { message: errorText(list.error) })}</p>;
  else if (list.data.length === 0) body = <EmptyState title={t('noStaff')} />;
  else
    body = (
      <ul className="ds-card-list">
        {list.data.map((s) => (
          <StaffCard
            key={s.id}
            staff={s}
            canManage={canManage}
            onPay={() => setOpen({ kind: 'pay', staff: s })}
            onHistory={() => setOpen({ kind: 'history', staff: s })}
            onDelete={() => setOpen({ kind: 'delete', staff: s })}
          />
        ))}
      </ul>
    );

  return (
    <section className="people-page">
      {header}
      {body}
      {open?.kind === 'add' && <AddStaffModal storeId={storeId} onClose={close} />}
      {open?.kind === 'invite' && <InviteStaffModal onClose={close} />}
      {open?.kind === 'pay' && <PayModal storeId={storeId} staff={open.staff} onClose={close} />}
      {open?.kind === 'history' && <HistoryModal storeId={storeId} staff={open.staff} onClose={close} />}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title={t('confirmDeleteTitle')}
        message={open?.kind === 'delete' ? t('confirmDeleteStaff', { name: open.staff.name }) : ''}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        busy={remove.isPending}
        onCancel={close}
        onConfirm={() => {
          if (open?.kind !== 'delete') return;
          remove.mutate(open.staff.id, {
            onSuccess: () => {
              notify.success(t('staffDeleted'));
              close();
            },
            onError: (error) => notify.error(errorText(error)),
          });
        }}
      />
    </section>
  );
}
