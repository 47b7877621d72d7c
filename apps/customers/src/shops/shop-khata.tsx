import { useMoneyAccounts } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import type { ShopHistory } from '@mojud/contracts';
import { formatCount, formatTk, Khata, namedAccount, useAccountLabel } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns as emptiesNs } from '../empties/texts';
import { ns } from '../texts';

/** The shop's due and empties owed now, then its khata: the history modal's and the printed page's body. */
export function ShopKhata({ history, label: tableLabel }: { history: ShopHistory; label: string }) {
  const t = useT(ns);
  const te = useT(emptiesNs);
  // Each payment names its account ("bKash 01711-223344") once the store's accounts are read.
  const accounts = useMoneyAccounts(useAuthStore(selectCurrentStore)?.id ?? '');
  const label = useAccountLabel();
  const accountName = (id: string) => {
    const account = accounts.find((a) => a.id === id);
    return account && namedAccount(account) ? label(account) : undefined;
  };
  return (
    <>
      <p className={history.due > 0 ? 'cust-due cust-due--owed' : 'cust-due cust-due--clear'}>
        {t('currentDue', { amount: formatTk(history.due) })}
      </p>
      <p className="cust-empties" data-testid="history-empties">
        {history.emptiesOwed.length
          ? te('historyOwes', {
              list: history.emptiesOwed.map((e) => te('owesItem', { count: formatCount(e.count), item: e.itemName })).join(', '),
            })
          : te('historyOwesNone')}
      </p>
      <Khata
        lines={history.khata.lines}
        openingBalance={history.khata.openingBalance}
        openingEmpties={history.khata.openingEmpties}
        label={tableLabel}
        accountName={accountName}
      />
    </>
  );
}
