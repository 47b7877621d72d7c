// Loaded only when a buy form opens (the remote's byte budget): whom the buy is from and how much
// of it is paid now, from which account (DEALER.md rule 19). The rest is payable to the supplier.
import { useQuery } from '@tanstack/react-query';
import { api, useMoneyAccounts } from '@mojud/api-client';
import type { SuppliersResponse } from '@mojud/contracts';
import { AccountSelect, AmountField, defaultAccountId, SelectField } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../../texts';
import './texts';

export interface BuyMoney {
  supplierId: string;
  paid: string;
  accountId: string;
}

export default function BuyMoneyFields({
  storeId,
  method,
  value,
  onChange,
  errors,
}: {
  storeId: string;
  /** The buy's payment method: its default account is where the paid part leaves from unless another is chosen (as on the server). */
  method: string;
  value: BuyMoney;
  onChange: (next: BuyMoney) => void;
  errors: Record<string, string>;
}) {
  const t = useT(ns);
  const suppliers = useQuery({
    queryKey: ['stores', storeId, 'suppliers', 'list'],
    queryFn: () => api.get<SuppliersResponse>(`/stores/${storeId}/suppliers`).then((r) => r.data),
  });
  const accounts = useMoneyAccounts(storeId);
  return (
    <>
      <SelectField
        label={t('buyMoney.supplier')}
        value={value.supplierId}
        error={errors.supplierId}
        onChange={(e) => onChange({ ...value, supplierId: e.target.value })}
        options={[{ value: '', label: t('buyMoney.none') }, ...(suppliers.data?.suppliers ?? []).map((s) => ({ value: s.id, label: s.name }))]}
      />
      <AmountField
        label={t('buyMoney.paid')}
        hint={t('buyMoney.paidHint')}
        value={value.paid}
        error={errors.paid}
        onChange={(e) => onChange({ ...value, paid: e.target.value })}
      />
      {accounts.length > 0 && (
        <AccountSelect
          accounts={accounts}
          value={value.accountId || defaultAccountId(accounts, method === 'bank' || method === 'mobile' || method === 'other' ? method : 'cash')}
          onChange={(accountId) => onChange({ ...value, accountId })}
          label={t('buyMoney.account')}
        />
      )}
    </>
  );
}
