import { useNavigate } from '@mojud/router';
import { errorText } from '@mojud/api-client';
import { useAuthStore } from '@mojud/auth';
import type { UserInvite } from '@mojud/contracts';
import { Button, formatDateTime, notify, STORE_AREA_TOAST_MS } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns, valueKey } from '../texts';
import { useAcceptInvite, useDeclineInvite } from './api';

/**
 * One invitation to the signed-in person, answered by its id (from their list) or its token (from
 * a link): Join opens the store's dashboard, Decline drops it. Shown on /invitations and, for the
 * invitations to the person's address, on the stores page right after login.
 */
export function InvitationCard({
  invite,
  answerKey,
  highlighted = false,
  headingLevel = 2,
}: {
  invite: UserInvite;
  /** The invitation's id, or the token of the link that brought the person here. */
  answerKey: string;
  highlighted?: boolean;
  headingLevel?: 2 | 3;
}) {
  const t = useT(ns);
  const navigate = useNavigate();
  const accept = useAcceptInvite();
  const decline = useDeclineInvite();
  const busy = accept.isPending || decline.isPending;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const join = () =>
    accept.mutate(answerKey, {
      onSuccess: (store) => {
        const auth = useAuthStore.getState();
        auth.addStore(store);
        auth.setCurrentStore(store);
        notify.success(t('joined', { store: store.name }), { duration: STORE_AREA_TOAST_MS });
        navigate('/dashboard');
      },
      onError: (error) => notify.error(errorText(error), { duration: STORE_AREA_TOAST_MS }),
    });

  const refuse = () =>
    decline.mutate(answerKey, {
      onSuccess: () => notify.success(t('declined'), { duration: STORE_AREA_TOAST_MS }),
      onError: (error) => notify.error(errorText(error), { duration: STORE_AREA_TOAST_MS }),
    });

  return (
    <li
      className={highlighted ? 'ds-list-card people-card--highlight' : 'ds-list-card'}
      aria-label={invite.store.name}
      aria-current={highlighted ? 'true' : undefined}
    >
      <Heading className="ds-list-card__name">{invite.store.name}</Heading>
      <p>{t('roleLine', { role: t(valueKey('role', invite.role)) })}</p>
      <p className="ds-muted">{t('expiresLine', { date: formatDateTime(invite.expiresAt) })}</p>
      {highlighted && <p>{t('fromLink')}</p>}
      <div className="ds-list-card__actions">
        <Button onClick={join} disabled={busy}>
          {t('join')}
        </Button>
        <Button variant="secondary" onClick={refuse} disabled={busy}>
          {t('decline')}
        </Button>
      </div>
    </li>
  );
}
