import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from '@mojud/router';
import { errorText } from '@mojud/api-client';
import { selectUser, useAuthStore } from '@mojud/auth';
import type { UserInvite } from '@mojud/contracts';
import { Banner, useDocumentTitle } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import '../people.css';
import { inviteQueries } from './api';
import { InvitationCard } from './invitation-card';

/**
 * Exposed as `people/invitations` and mounted by the shell at /invitations. The link (e-mail,
 * WhatsApp, SMS) carries `?token=`; the shell's guard keeps the query string through login and
 * sign-up, and the token is resolved here: that invitation shows first, answered by its token,
 * whatever address the account has. The list holds the invitations to the account's verified
 * address.
 */
export default function InvitationsPage() {
  const t = useT(ns);
  useDocumentTitle(t('invitations'));
  const [params] = useSearchParams();
  const token = params.get('token');
  const invites = useQuery(inviteQueries.mine());
  const linked = useQuery({ ...inviteQueries.byToken(token ?? ''), enabled: Boolean(token) });
  const user = useAuthStore(selectUser);

  const card = (invite: UserInvite, key: string, highlighted: boolean) => (
    <InvitationCard key={invite.id} invite={invite} answerKey={key} highlighted={highlighted} />
  );

  // The linked invitation, when the list does not hold it (sent to another address, or one not yet confirmed).
  const linkedPending = linked.data?.status === 'pending' ? linked.data : undefined;
  const linkedApart = linkedPending && token && !invites.data?.some((invite) => invite.id === linkedPending.id) ? linkedPending : undefined;

  let body;
  if (invites.isPending) body = <p>{t('invitesLoading')}</p>;
  else if (invites.isError) body = <p role="alert" className="ds-error-text">{t('invitesFailed')}</p>;
  else if (invites.data.length === 0 && !linkedApart) body = <p>{t('noInvites')}</p>;
  else
    body = (
      <ul className="people-list" aria-label={t('invitations')}>
        {linkedApart && card(linkedApart, token!, true)}
        {invites.data.map((invite) => card(invite, invite.id, linked.data?.id === invite.id))}
      </ul>
    );

  return (
    <main className="people-page people-page--standalone">
      <h1>{t('invitations')}</h1>
      {token && linked.isError && (
        <Banner tone="warning">{t('linkProblem', { message: errorText(linked.error) })}</Banner>
      )}
      {linked.data?.status === 'accepted' && <Banner tone="info">{t('linkAccepted', { store: linked.data.store.name })}</Banner>}
      {user?.emailVerified === false && (
        <Banner tone="info">
          {t('unverified')} <Link to="/profile">{t('openProfile')}</Link>
        </Banner>
      )}
      {body}
      <p>
        <Link to="/stores">{t('backToStores')}</Link>
      </p>
    </main>
  );
}
