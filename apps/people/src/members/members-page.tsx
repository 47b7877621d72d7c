import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@mojud/router';
import { errorText, memberQueries } from '@mojud/api-client';
import { selectCurrentStore, selectUser, useAuthStore } from '@mojud/auth';
import { INVITE_ROLES, type Member } from '@mojud/contracts';
import {
  Button,
  ConfirmDialog,
  DataTable,
  formatDate,
  formatDateTime,
  notify,
  SelectField,
  Spinner,
  useDocumentTitle,
  type DataColumn,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { InviteStaffModal, ShareInvite, type Sent } from '../invitations/invite-staff-modal';
import { ns, valueKey } from '../texts';
import '../people.css';
import { atLeast, roleRank } from '../roles';
import { useChangeRole, useInviteLink, useRemoveMember, useResendInvite, useRevokeInvite, useTransferOwnership } from './api';

/** What the share box says above an invitation's link: an earlier one's, or one just sent again. */
type ShareLead = 'linkLead' | 'resentLead';
type Pending = { kind: 'remove' | 'leave' | 'transfer'; member: Member } | null;

// Each member's card is named by the member.
const memberRow = (m: Member) => ({ 'aria-label': m.name || m.username });

/**
 * Everyone in the current store with role and since-when. What the caller's role may not do is
 * hidden (the API refuses it anyway): admins change roles of and remove members ranked below
 * them, only the owner touches admins, anyone but the owner may leave, the owner may transfer.
 */
export default function MembersPage() {
  const t = useT(ns);
  useDocumentTitle(t('members'));
  const navigate = useNavigate();
  const store = useAuthStore(selectCurrentStore);
  const me = useAuthStore(selectUser);
  const storeId = store?.id ?? '';
  const myRole = store?.role ?? null;
  const list = useQuery({ ...memberQueries.list(storeId), enabled: Boolean(store) });
  const changeRole = useChangeRole(storeId);
  const remove = useRemoveMember(storeId);
  const transfer = useTransferOwnership(storeId);
  const revoke = useRevokeInvite(storeId);
  const inviteLink = useInviteLink(storeId);
  const resend = useResendInvite(storeId);
  // An invitation's link shown to share: an earlier one's, or the fresh one after sending again.
  const [sharing, setSharing] = useState<{ sent: Sent; lead: ShareLead } | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [inviting, setInviting] = useState(false);

  if (!store) return <p>{t('noStore')}</p>;
  const manages = (m: Member) => m.userId !== me?.id && atLeast(myRole, 'admin') && roleRank(m.role) < roleRank(myRole);
  const display = (m: Member) => m.name || m.username;
  const fail = (error: unknown) => notify.error(errorText(error));
  const share = (invite: { email: string; role: Sent['role'] }, link: string, lead: ShareLead) =>
    setSharing({ sent: { link, email: invite.email, role: invite.role, store: store.name }, lead });

  const confirm = () => {
    if (!pending) return;
    const { kind, member } = pending;
    if (kind === 'transfer') {
      transfer.mutate(member.userId, {
        onSuccess: (updated) => {
          const auth = useAuthStore.getState();
          auth.setStores(auth.allStores.map((s) => (s.id === updated.id ? { ...s, role: updated.role } : s)));
          auth.setCurrentStore({ ...store, role: updated.role });
          notify.success(t('transferred', { name: display(member) }));
          setPending(null);
        },
        onError: fail,
      });
      return;
    }
    remove.mutate(member.userId, {
      onSuccess: () => {
        setPending(null);
        if (kind === 'leave') {
          const auth = useAuthStore.getState();
          auth.setStores(auth.allStores.filter((s) => s.id !== store.id));
          auth.setCurrentStore(null);
          notify.success(t('left', { store: store.name }));
          navigate('/stores', { replace: true });
        } else notify.success(t('memberRemoved'));
      },
      onError: fail,
    });
  };

  const roleOptions = INVITE_ROLES.filter((r) => roleRank(r) <= roleRank(myRole)).map((r) => ({
    value: r,
    label: t(valueKey('role', r)),
  }));

  // On a phone each member is a card; nothing scrolls sideways.
  const columns: DataColumn<Member>[] = [
    {
      key: 'member',
      header: t('member'),
      cell: (m) => (
        <>
          <strong>{display(m)}</strong> {m.userId === me?.id && <span className="ds-muted">{t('you')}</span>}
          <br />
          <span className="ds-muted">{m.email}</span>
        </>
      ),
      card: 'wide',
    },
    {
      key: 'role',
      header: t('role'),
      cell: (m) =>
        manages(m) ? (
          <SelectField
            label={<span className="ds-visually-hidden">{t('changeRoleOf', { name: display(m) })}</span>}
            value={m.role}
            disabled={changeRole.isPending}
            options={roleOptions}
            onChange={(e) =>
              changeRole.mutate(
                { userId: m.userId, role: e.target.value as (typeof INVITE_ROLES)[number] },
                { onSuccess: () => notify.success(t('roleChanged')), onError: fail },
              )
            }
          />
        ) : (
          t(valueKey('role', m.role))
        ),
      card: 'half',
    },
    { key: 'since', header: t('since'), cell: (m) => formatDate(m.since), card: 'half' },
    {
      key: 'actions',
      header: t('actions'),
      cell: (m) => (
        <div className="people-row-actions">
          {manages(m) && (
            <Button variant="danger" aria-label={t('removeMember', { name: display(m) })} onClick={() => setPending({ kind: 'remove', member: m })}>
              {t('remove')}
            </Button>
          )}
          {myRole === 'owner' && m.userId !== me?.id && (
            <Button variant="secondary" aria-label={t('transferTo', { name: display(m) })} onClick={() => setPending({ kind: 'transfer', member: m })}>
              {t('transfer')}
            </Button>
          )}
          {m.userId === me?.id && m.role !== 'owner' && (
            <Button variant="secondary" onClick={() => setPending({ kind: 'leave', member: m })}>
              {t('leave')}
            </Button>
          )}
        </div>
      ),
      card: 'actions',
    },
  ];

  return (
    <section className="people-page">
      <div className="ds-page-header">
        <h2>{t('members')}</h2>
        {atLeast(myRole, 'admin') && (
          <Button variant="secondary" onClick={() => setInviting(true)}>
            {t('inviteStaff')}
          </Button>
        )}
      </div>
      {myRole === 'owner' && <p className="ds-muted">{t('ownerMustTransfer')}</p>}
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert" className="ds-error-text">
          {t('membersFailed')}
        </p>
      ) : (
        <>
          <DataTable
            rows={list.data.members}
            columns={columns}
            rowKey={(m) => m.userId}
            rowProps={memberRow}
            label={t('member')}
            className="people-table"
          />

          <div className="people-section">
            <h3>{t('pendingInvites')}</h3>
            {list.data.invites.length === 0 ? (
              <p className="ds-muted">{t('noPendingInvites')}</p>
            ) : (
              <ul className="people-list">
                {list.data.invites.map((invite) => (
                  <li key={invite.id} className="people-row-actions">
                    <span>
                      {invite.email} · {t(valueKey('role', invite.role))} · {t('expiresLine', { date: formatDateTime(invite.expiresAt) })}
                    </span>
                    {atLeast(myRole, 'admin') && (
                      <>
                        <Button
                          variant="secondary"
                          aria-label={t('copyInviteLink', { email: invite.email })}
                          disabled={inviteLink.isPending}
                          onClick={() =>
                            inviteLink.mutate(invite.id, { onSuccess: (link) => share(invite, link, 'linkLead'), onError: fail })
                          }
                        >
                          {t('copyLink')}
                        </Button>
                        <Button
                          variant="secondary"
                          aria-label={t('resendInvite', { email: invite.email })}
                          disabled={resend.isPending}
                          onClick={() =>
                            resend.mutate(invite.id, { onSuccess: ({ link }) => share(invite, link, 'resentLead'), onError: fail })
                          }
                        >
                          {t('resend')}
                        </Button>
                        <Button
                          variant="secondary"
                          aria-label={t('revokeInvite', { email: invite.email })}
                          disabled={revoke.isPending}
                          onClick={() => revoke.mutate(invite.id, { onSuccess: () => notify.success(t('inviteRevoked')), onError: fail })}
                        >
                          {t('revoke')}
                        </Button>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
      {inviting && <InviteStaffModal onClose={() => setInviting(false)} />}
      {sharing && <ShareInvite sent={sharing.sent} lead={sharing.lead} onClose={() => setSharing(null)} />}
      <ConfirmDialog
        open={pending !== null}
        danger={pending?.kind !== 'transfer'}
        title={pending ? t(pending.kind === 'remove' ? 'confirmRemoveTitle' : pending.kind === 'leave' ? 'confirmLeaveTitle' : 'confirmTransferTitle') : ''}
        message={
          pending?.kind === 'remove'
            ? t('confirmRemove', { name: display(pending.member) })
            : pending?.kind === 'leave'
              ? t('confirmLeave', { store: store.name })
              : pending
                ? t('confirmTransfer', { name: display(pending.member), store: store.name })
                : ''
        }
        confirmLabel={pending ? t(pending.kind === 'remove' ? 'remove' : pending.kind === 'leave' ? 'leave' : 'transfer') : ''}
        cancelLabel={t('cancel')}
        busy={remove.isPending || transfer.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
    </section>
  );
}
