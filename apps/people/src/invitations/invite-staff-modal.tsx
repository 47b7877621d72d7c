import { useId, useState, type FormEvent } from 'react';
import { normalizeError } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { INVITE_LIFESPANS, INVITE_ROLES, type InviteLifespan } from '@mojud/contracts';
import { Banner, Button, Modal, notify, SelectField, STORE_AREA_TOAST_MS, TextField } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns, valueKey } from '../messages';
import { useSendInvite } from './api';

/** The store and invite area shows its toasts for 3 s (spec §9). */

/** Invite Staff: e-mail, role and lifespan, all required. Mounted only while open, so it opens cleared. */
export function InviteStaffModal({ onClose }: { onClose: () => void }) {
  const t = useT(ns);
  const formId = useId();
  const store = useAuthStore(selectCurrentStore);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('');
  const [lifespan, setLifespan] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendInvite(store?.id);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !role || !lifespan) {
      setError(t('fillAllFields'));
      return;
    }
    if (!store) {
      setError(t('noStoreSelected'));
      return;
    }
    setError(null);
    send.mutate(
      { email: email.trim(), role: role as (typeof INVITE_ROLES)[number], lifespan: lifespan as InviteLifespan },
      {
        onSuccess: () => {
          notify.success(t('inviteSent'), { duration: STORE_AREA_TOAST_MS });
          onClose();
        },
        onError: (caught) => {
          // Spec §8: the first of the server's errors, else its message, else the fallback.
          const failure = normalizeError(caught);
          const message = failure.errors?.[0]?.message || failure.message || t('inviteFailed');
          setError(message);
          notify.error(message, { duration: STORE_AREA_TOAST_MS });
        },
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t('inviteStaff')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={send.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} loading={send.isPending}>
            {send.isPending ? t('sending') : t('send')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="people-form">
        {error && <Banner tone="error">{error}</Banner>}
        <TextField label={t('email')} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
        <SelectField
          label={t('role')}
          value={role}
          onChange={(e) => setRole(e.target.value)}
          options={[{ value: '', label: t('selectRole') }, ...INVITE_ROLES.map((r) => ({ value: r, label: t(valueKey('role', r)) }))]}
        />
        <SelectField
          label={t('lifespan')}
          value={lifespan}
          onChange={(e) => setLifespan(e.target.value)}
          options={[
            { value: '', label: t('selectLifespan') },
            ...INVITE_LIFESPANS.map((l) => ({ value: l, label: t(valueKey('lifespan', l)) })),
          ]}
        />
      </form>
    </Modal>
  );
}
