import { useT } from '@mojud/i18n';
import { ns } from '../messages';
import { CurrentStoreLine } from '../current-store-line';

/** Exposed as `people/invitations` and mounted by the shell at /invitations. */
export default function InvitationsPage() {
  const t = useT(ns);
  return (
    <main className="people-page people-page--standalone">
      <h1>{t('invitations')}</h1>
      <CurrentStoreLine />
    </main>
  );
}
