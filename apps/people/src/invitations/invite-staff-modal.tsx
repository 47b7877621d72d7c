import { useState } from 'react';
import { errorText, fieldErrorText, normalizeError } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { INVITE_LIFESPANS, INVITE_ROLES, type InviteLifespan } from '@mojud/contracts';
import {
  Banner,
  FormModal,
  notify,
  SelectField,
  STORE_AREA_TOAST_MS,
  TextField,
  useFormState,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns, valueKey } from '../messages';
import { useSendInvite } from './api';

/** The store and invite area shows its toasts for 3 s (spec §9). */

/** Invite Staff: e-mail, role and lifespan, all required. Mounted only while open, so it opens cleared. */
export function InviteStaffModal({ onClose }: { onClose: () => void }) {
  const t = useT(ns);
  const store = useAuthStore(selectCurrentStore);
  // Errors go in one banner (spec §8), so the fields carry none of their own.
  const { values, field } = useFormState({ email: '', role: '', lifespan: '' });
  const { email, role, lifespan } = values;
  const roleOptions = [
    { value: '', label: t('selectRole') },
    ...INVITE_ROLES.map((r) => ({ value: r, label: t(valueKey('role', r)) })),
  ];
  const lifespanOptions = [
    { value: '', label: t('selectLifespan') },
    // '12h' → "12 hours", '3d' → "3 days", the number in the reader's digits.
    ...INVITE_LIFESPANS.map((l) => ({ value: l, label: t(l.endsWith('h') ? 'lifespanHours' : 'lifespanDays', { count: parseInt(l, 10) }) })),
  ];
  const [error, setError] = useState<string | null>(null);
  const send = useSendInvite(store?.id);

  const onSubmit = () => {
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
      {
        email: email.trim(),
        role: role as (typeof INVITE_ROLES)[number],
        lifespan: lifespan as InviteLifespan,
      },
      {
        onSuccess: () => {
          notify.success(t('inviteSent'), { duration: STORE_AREA_TOAST_MS });
          onClose();
        },
        onError: (caught) => {
          // Spec §8: the first of the server's errors, else its message, else the fallback.
          const failure = normalizeError(caught);
          const first = failure.errors?.[0];
          const message = (first ? fieldErrorText(first) : failure.message ? errorText(failure) : '') || t('inviteFailed');
          setError(message);
          notify.error(message, { duration: STORE_AREA_TOAST_MS });
        },
      },
    );
  };

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
