import { formatBdMobile } from '@mojud/contracts';
import { bengaliDigits, toBengaliDigits, useT, type KeyOf, type Translate } from '@mojud/i18n';
import { SelectField } from './fields';
import { formatPayment } from './format';
import { ns } from './texts';

/** What a form needs of a money account (DEALER.md rule 15) to name it. */
export interface AccountLike {
  id: string;
  kind: 'cash' | 'wallet' | 'bank' | 'other';
  family: 'cash' | 'mobile' | 'bank' | 'other';
  provider: 'bkash' | 'nagad' | 'rocket' | 'upay' | null;
  walletType: 'personal' | 'merchant' | null;
  number: string | null;
  name: string | null;
  isDefault: boolean;
  archived: boolean;
}

/**
 * An account as a person tells it apart: "Cash drawer", "bKash 01711-223344 (personal)", "City
 * Bank 1102 3344". In Bangla the drawer is ক্যাশবাক্স and the wallet নগদ is "নগদ ওয়ালেট", so
 * cash and the Nagad wallet are never one word.
 */
export function accountLabel(account: AccountLike, t: Translate<KeyOf<typeof ns>>): string {
  const called =
    account.name ??
    (account.kind === 'wallet' && account.provider ? t(`account.provider_${account.provider}`) : t(`account.kind_${account.kind}`));
  const number = account.number ? digits(account.kind === 'wallet' ? formatBdMobile(account.number) : account.number) : '';
  const type = account.walletType ? t(`account.type_${account.walletType}`) : '';
  return [called, number, type && `(${type})`].filter(Boolean).join(' ');
}

/** `accountLabel` in the reader's language, for pages outside the design system. */
export function useAccountLabel(): (account: AccountLike) => string {
  const t = useT(ns);
  return (account) => accountLabel(account, t);
}

/** Whether a payment is told by its account: a wallet or bank (which one matters), not the drawer (it is "cash"). */
export const namedAccount = (account: AccountLike) => account.kind !== 'cash' || !account.isDefault;

/**
 * How a payment is named on a receipt or in a history (rule 15): "Paid into bKash 01711-223344
 * (personal)" when its account is known among `accounts` (the drawer stays "Paid by Cash"), else
 * by its method ("Paid by Mobile").
 */
export function usePaymentName(accounts: readonly AccountLike[] | undefined) {
  const t = useT(ns);
  return (method: Parameters<typeof formatPayment>[0], accountId?: string | null): string => {
    const account = accountId ? accounts?.find((a) => a.id === accountId) : undefined;
    return account && namedAccount(account) ? t('paidIn_account', { account: accountLabel(account, t) }) : formatPayment(method);
  };
}

/** A number as the reader's digits (Bengali in Bangla unless Latin was chosen). */
const digits = (text: string) => (bengaliDigits() ? toBengaliDigits(text) : text);

export interface AccountSelectProps {
  accounts: readonly AccountLike[];
  /** The chosen account's id. */
  value: string;
  onChange: (accountId: string) => void;
  label?: string;
  /** Only accounts answering to this payment method (`mobile`: the wallets). */
  family?: AccountLike['family'];
  error?: string;
  id?: string;
}

/** Which of the store's accounts money came into or went out of; accounts put away are not offered. */
export function AccountSelect({ accounts, value, onChange, label, family, error, id }: AccountSelectProps) {
  const t = useT(ns);
  const offered = accounts.filter((a) => !a.archived && (!family || a.family === family));
  return (
    <SelectField
      id={id}
      label={label ?? t('account.label')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={offered.map((a) => ({ value: a.id, label: accountLabel(a, t) }))}
      error={error}
    />
  );
}

/** The account a form starts on: the family's default, else the first offered. */
export function defaultAccountId(accounts: readonly AccountLike[], family: AccountLike['family'] = 'cash'): string {
  const open = accounts.filter((a) => !a.archived);
  return (open.find((a) => a.family === family && a.isDefault) ?? open.find((a) => a.family === family) ?? open[0])?.id ?? '';
}
