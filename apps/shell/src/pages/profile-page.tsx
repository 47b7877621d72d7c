import { useQuery } from '@tanstack/react-query';
import { userQueries } from '@mojud/api-client';
import { selectUser, useAuthStore } from '@mojud/auth';
import { Card } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../messages';

export function ProfilePage() {
  const t = useT(ns);
  const storedUser = useAuthStore(selectUser);
  const { data } = useQuery(userQueries.me());
  const user = data?.user ?? storedUser;
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return (
    <section>
      <h2>{t('chrome.profile')}</h2>
      <Card>
        <dl className="shell-details">
          <dt>{t('profile.username')}</dt>
          <dd>{user?.username ?? '—'}</dd>
          <dt>{t('profile.email')}</dt>
          <dd>{user?.email ?? '—'}</dd>
          <dt>{t('profile.name')}</dt>
          <dd>{name || '—'}</dd>
        </dl>
      </Card>
    </section>
  );
}
