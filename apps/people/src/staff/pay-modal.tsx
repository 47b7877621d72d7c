import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { newIdempotencyKey, refusedFields, useConfirmedWrite, useMoneyAccounts } from '@mojud/api-client';
import type { StaffMember } from '@mojud/contracts';
import { accountBalance, checkAccountMethod, moneyDelta, salaryRemaining, toPoisha, toTaka } from '@mojud/domain';
import {
  ConfirmedModal,
  formatMonth,
  formatTk,
  formCallbacks,
  FormModal,
  notify,
  numberText,
  PaymentFields,
  paymentChoiceValue,
  TextField,
  useAccountLabel,
  useFormState,
  useLazySchema,
  usePayment,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns, valueKey } from '../texts';
import { staffQueries, usePaySalary } from './api';

// A salary is never paid on due, so that method is not offered.
const METHODS = ['cash', 'bank', 'mobile', 'other'] as const;

/** The payment as the tap shows it. */
interface Shown {
  amount: number;
  month: string;
  /** The account (or, before the accounts are read, the method) it is paid from. */
  paidFrom: string;
  /** That account's balance after it, where this person sees balances. */
  balance: number | null;
  /** What is left of the month's salary after it, where this person sees salaries. */
  remaining: number | null;
}

/**
 * Pays a salary: the amount starts at what is left of the month. Mounted only while open: each
 * opening gets its own Idempotency-Key. Confirmed at once (docs/frontend.md): Pay shows the
 * payment, the account it is paid from and, to those who see balances, that account's balance and
 * what is left of the month's salary after it (libs/domain), "Saving…", until the server answers;
 * a refusal stays with its reason, under "Needs attention". Paying more than is left is allowed
 * (an advance or a bonus), as on the server.
 */
export function PayModal({ storeId, staff, onClose }: { storeId: string; staff: StaffMember; onClose: () => void }) {
  const t = useT(ns);
  const schemas = useLazySchema(() => import('../schemas'));
  const [idempotencyKey] = useState(newIdempotencyKey);
  const { payment, setPayment, body } = usePayment<(typeof METHODS)[number]>('cash', numberText(staff.remaining));
  const { values, errors, setErrors, field, check } = useFormState({ month: staff.month });
  const pay = usePaySalary(storeId, idempotencyKey);
  // Paid from one of the store's accounts by name (rule 15); until they are read, the methods.
  const accounts = useMoneyAccounts(storeId);
  const label = useAccountLabel();
  // Another month than the card's: what was paid for it comes from the history (read once asked for).
  const otherMonth = values.month !== staff.month && /^\d{4}-\d{2}$/.test(values.month) && staff.salary !== undefined;
  const history = useQuery({ ...staffQueries.payments(storeId, staff.id), enabled: otherMonth });
  const { taken, state, track } = useConfirmedWrite<Shown>(storeId, {
    waiting: () => {
      notify.success(t('salarySavedOffline'));
      onClose();
    },
    saved: () => {
      notify.success(t('salaryPaid'));
      onClose();
    },
  });

  /** Paid so far for `month`, where it is known. */
  const paidFor = (month: string): number | undefined => {
    if (month === staff.month) return staff.paid;
    if (!history.data) return undefined;
    return history.data.find((m) => m.month === month)?.paid ?? 0;
  };

  const onSubmit = async () => {
    const { month } = values;
    const checked = check((await schemas()).salaryPaymentBodySchema, { ...body, month: month || undefined });
    // A month is required here (the API takes the current one when none is sent).
    if (!month) return setErrors((found) => ({ ...found, month: t('monthRequired') }));
    if (!checked) return;
    const method = checked.paymentMethod;
    // The account the form shows (the one chosen, else the method's default).
    const account = accounts.find((a) => a.id === paymentChoiceValue(payment, accounts));
    // An account named must take this kind of payment, as the server checks it (rule 15).
    const refused = checked.accountId && account ? refusedFields(() => checkAccountMethod(method, account)) : null;
    if (refused) return setErrors(refused);
    const amount = toPoisha(checked.amount);
    const before = paidFor(month);
    const shown: Shown = {
      amount: checked.amount,
      month,
      paidFrom: account ? label(account) : t(valueKey('method', method)),
      balance: account?.balance === undefined ? null : toTaka(accountBalance([toPoisha(account.balance), moneyDelta('salary_payment', method, amount)])),
      remaining: staff.salary === undefined || before === undefined ? null : toTaka(salaryRemaining(toPoisha(staff.salary), toPoisha(before) + amount)),
    };
    pay.mutate({ staffId: staff.id, body: checked, name: staff.name }, track(shown, formCallbacks(setErrors, () => {}).onError));
  };

  const title = t('payTitle', { name: staff.name });
  if (taken) {
    const month = formatMonth(taken.month);
    return (
      <ConfirmedModal title={title} onClose={onClose} state={state} refusedTitle={t('salaryRefused')}>
        <p>{t('salaryTaken', { amount: formatTk(taken.amount), name: staff.name, month })}</p>
        <ul data-testid="salary-after">
          <li>{taken.balance === null ? t('paidFrom', { account: taken.paidFrom }) : t('balanceAfter', { account: taken.paidFrom, amount: formatTk(taken.balance) })}</li>
          {taken.remaining !== null && <li>{t('remainingAfter', { month, amount: formatTk(taken.remaining) })}</li>}
        </ul>
      </ConfirmedModal>
    );
  }

  return (
    <FormModal title={title} onClose={onClose} onSubmit={onSubmit} action="pay" pending={pay.isPending}>
      <PaymentFields value={payment} onChange={setPayment} methods={METHODS} accounts={accounts} direction="out" errors={errors} />
      <TextField label={t('month')} type="month" {...field('month')} />
    </FormModal>
  );
}
