import { useQuery } from '@tanstack/react-query';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import '../people.css';
import { inviteQueries } from './api';
import { InvitationCard } from './invitation-card';

/**
 * Exposed as `people/pending-invitations`: the stores page shows the invitations to the signed-in
 * person's address right after login, to join or decline there. Nothing when there are none.
 */
export default function PendingInvitations() {
  const t = useT(ns);
  const invites = useQuery(inviteQueries.mine());
  if (invites.isError)
    return (
      <p role="alert" className="ds-error-text">
        {t('invitesFailed')}
      </p>
    );
  if (!invites.data?.length) return null;
  return (
    <section className="people-pending" aria-labelledby="people-pending-title">
      <h2 id="people-pending-title">{t('waitingInvites')}</h2>
      <ul className="people-list" aria-label={t('invitations')}>
        {invites.data.map((invite) => (
          <InvitationCard key={invite.id} invite={invite} answerKey={invite.id} headingLevel={3} />
        ))}
      </ul>
    </section>
  );
}
