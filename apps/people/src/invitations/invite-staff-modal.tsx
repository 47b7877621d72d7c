import { errorText, fieldErrorText, normalizeError } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { INVITE_LIFESPANS, INVITE_ROLES, type InviteLifespan } from '@mojud/contracts';
import { useState } from 'react';
import {
  Banner,
  Button,
  formCallbacks,
  FormModal,
  Modal,
  notify,
  SelectField,
  STORE_AREA_TOAST_MS,
  TextField,
  useFormState,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns, valueKey } from '../texts';
import { useSendInvite } from './api';

/** The store and invite area shows its toasts for 3 s (spec §9). */

export interface Sent {
  link: string;
  email: string;
  role: string;
  store: string;
}

/**
 * After sending, the inviter gets the invitation's link to share by WhatsApp or SMS (a shop's
 * staff often read those before e-mail). Shown once: only the link's hash is kept.
 */
export function ShareInvite({
  sent,
  onClose,
  lead = 'shareLead',
}: {
  sent: Sent;
  onClose: () => void;
  /** Just sent (the default), sent again with a fresh link, or an earlier invitation's link. */
  lead?: 'shareLead' | 'resentLead' | 'linkLead';
}) {
  const t = useT(ns);
  const message = t('shareText', { store: sent.store, link: sent.link });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(sent.link);
      notify.success(t('linkCopied'), { duration: STORE_AREA_TOAST_MS });
    } catch {
      // No clipboard (a plain-http address, a refused permission): the link stays in the field to copy by hand.
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={t('shareTitle')}
      footer={<Button onClick={onClose}>{t('done')}</Button>}
    >
      <p>{t(lead, { email: sent.email, role: t(valueKey('role', sent.role as (typeof INVITE_ROLES)[number])) })}</p>
      <TextField label={t('inviteLink')} value={sent.link} readOnly onFocus={(event) => event.currentTarget.select()} />
      <div className="people-share">
        <Button variant="secondary" onClick={() => void copy()}>
          {t('copyLink')}
        </Button>
        <a className="ds-button ds-button--secondary" href={`https://wa.me/?text=${encodeURIComponent(message)}`} target="_blank" rel="noreferrer">
          {t('shareWhatsApp')}
        </a>
        <a className="ds-button ds-button--secondary" href={`sms:?body=${encodeURIComponent(message)}`}>
          {t('shareSms')}
        </a>
      </div>
    </Modal>
  );
}

/** Invite Staff: e-mail, role and lifespan, all required. Mounted only while open, so it opens cleared. */
export function InviteStaffModal({ onClose }: { onClose: () => void }) {
  const t = useT(ns);
  const store = useAuthStore(selectCurrentStore);
  // Errors go in one banner (spec §8), so the fields carry none of their own.
  const { values, errors, setErrors, field } = useFormState({ email: '', role: '', lifespan: '' });
  const { email, role, lifespan } = values;
  const error = errors.form;
  const roleOptions = [
    { value: '', label: t('selectRole') },
    ...INVITE_ROLES.map((r) => ({ value: r, label: t(valueKey('role', r)) })),
  ];
  const lifespanOptions = [
    { value: '', label: t('selectLifespan') },
    // '12h' → "12 hours", '3d' → "3 days", the number in the reader's digits.
    ...INVITE_LIFESPANS.map((l) => ({ value: l, label: t(l.endsWith('h') ? 'lifespanHours' : 'lifespanDays', { count: parseInt(l, 10) }) })),
  ];
  const send = useSendInvite(store?.id);
  const [sent, setSent] = useState<Sent | null>(null);

  const onSubmit = () => {
    if (!email.trim() || !role || !lifespan) return setErrors({ form: t('fillAllFields') });
    if (!store) return setErrors({ form: t('noStoreSelected') });
    setErrors({});
    send.mutate(
      {
        email: email.trim(),
        role: role as (typeof INVITE_ROLES)[number],
        lifespan: lifespan as InviteLifespan,
      },
      formCallbacks(
        // Only the banner shows a refusal: the fields carry none of their own.
        (found) => setErrors({ form: found.form }),
        ({ link }) => {
          notify.success(t('inviteSent'), { duration: STORE_AREA_TOAST_MS });
          setSent({ link, email: email.trim(), role, store: store.name });
        },
        {
          // Spec §8: the first of the server's errors, else its message, else the fallback.
          reason: (caught) => {
            const failure = normalizeError(caught);
            const first = failure.errors?.[0];
            return (first ? fieldErrorText(first) : failure.message ? errorText(failure) : '') || t('inviteFailed');
          },
          reasonAt: 'form',
          toastOptions: { duration: STORE_AREA_TOAST_MS },
        },
      ),
    );
  };

  if (sent) return <ShareInvite sent={sent} onClose={onClose} />;
  return (
    <FormModal
      title={t('inviteStaff')}
      onClose={onClose}
      onSubmit={onSubmit}
      action="send"
      pending={send.isPending}
    >
      {error && <Banner tone="error">{error}</Banner>}
      <TextField label={t('email')} type="email" autoComplete="off" {...field('email')} />
      <SelectField label={t('role')} {...field('role')} options={roleOptions} />
      <SelectField label={t('lifespan')} {...field('lifespan')} options={lifespanOptions} />
    </FormModal>
  );
}
