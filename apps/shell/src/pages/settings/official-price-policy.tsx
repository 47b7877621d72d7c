import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorText, officialPriceQueries } from '@mojud/api-client';
import type { StoreSummary } from '@mojud/auth';
import type { OfficialPricePolicy } from '@mojud/contracts';
import { Card, notify, SelectField } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../../texts';
import './texts';

const MANAGERS = ['owner', 'admin', 'manager'];

/**
 * DEALER.md rule 13: what a walk-in refill priced above the official price does, warn (the
 * seller gives a reason) or refuse. Managers and up choose; everyone else reads it.
 */
export function OfficialPricePolicyCard({ store }: { store: StoreSummary }) {
  const t = useT(ns);
  const canEdit = MANAGERS.includes(String(store.role ?? ''));
  const queryClient = useQueryClient();
  const query = officialPriceQueries.book(store.id);
  const book = useQuery(query);
  const save = useMutation({
    mutationFn: (policy: OfficialPricePolicy) =>
      api.put<{ policy: OfficialPricePolicy }>(`/stores/${store.id}/official-price-policy`, { policy }).then((r) => r.data.policy),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: query.queryKey });
      notify.success(t('settings.officialSaved'));
    },
    onError: (failure) => notify.error(errorText(failure)),
  });
  return (
    <Card title={t('settings.officialTitle')}>
      <div className="profile-form">
        <p className="shell-muted">{t('settings.officialLead')}</p>
        {book.isError ? (
          <p role="alert" className="ds-field__error">
            {t('settings.officialUnavailable', { message: errorText(book.error) })}
          </p>
        ) : (
          <SelectField
            label={t('settings.officialTitle')}
            value={book.data?.policy ?? 'warn'}
            disabled={!canEdit || !book.data || save.isPending}
            hint={canEdit ? undefined : t('settings.officialReadOnly')}
            options={[
              { value: 'warn', label: t('settings.officialWarn') },
              { value: 'refuse', label: t('settings.officialRefuse') },
            ]}
            onChange={(e) => save.mutate(e.target.value as OfficialPricePolicy)}
          />
        )}
      </div>
    </Card>
  );
}
