import { useState } from 'react';
import { newIdempotencyKey, useConfirmedWrite, useMoneyAccounts } from '@mojud/api-client';
import { EXPENSE_CATEGORIES, type ExpenseCategory } from '@mojud/contracts';
import { accountBalance, moneyDelta, toPoisha, toTaka } from '@mojud/domain';
import {
  AccountSelect,
  AmountField,
  ConfirmedModal,
  defaultAccountId,
  useAccountLabel,
  formCallbacks,
  FormModal,
  notify,
  parseNumber,
  SelectField,
  TextField,
  useFormState,
  useLazySchema,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../../texts';
import { useRecordExpense } from './api';
import './texts';

/**
 * Records an expense (rule 18), paid from the account chosen (the cash drawer to start with). Mount it only while open: each
 * opening gets its own Idempotency-Key, so a press sent twice is recorded once. Confirmed at once (docs/frontend.md): Record
 * shows the expense and, to those who see balances, the account's balance after it (libs/domain), "Saving…", until the
 * server answers; a refusal stays with its reason, under "Needs attention".
 */
export function AddExpenseModal({ storeId, onClose }: { storeId: string; onClose: () => void }) {
  const t = useT(ns);
  const schemas = useLazySchema(() => import('./schemas'));
  const [key] = useState(newIdempotencyKey);
  const [category, setCategory] = useState<ExpenseCategory>('rent');
  const { values, errors, setErrors, field, check } = useFormState({ amount: '', note: '' });
  const record = useRecordExpense(storeId, key);
  const accounts = useMoneyAccounts(storeId);
  const [chosen, setChosen] = useState('');
  // Until the accounts are read (or with none yet), the server takes the drawer.
  const accountId = chosen || defaultAccountId(accounts, 'cash');
  const label = useAccountLabel();
  const { taken, state, track } = useConfirmedWrite<{ name: string; amount: number; account: string | null; balance: number | null }>(storeId, {
    waiting: () => {
      notify.success(t('expenses.savedOffline'));
      onClose();
    },
    saved: (_, shown) => {
      notify.success(t('expenses.recorded', { category: shown.name, amount: shown.amount }));
      onClose();
    },
  });

  const onSubmit = async () => {
    // Said in the reader's language before the schema's check (which says "Must be a number").
    if (!values.amount.trim()) return setErrors({ amount: t('expenses.amountRequired') });
    const checked = check((await schemas()).createExpenseBodySchema, {
      category,
      amount: parseNumber(values.amount),
      ...(accountId && { accountId }),
      note: values.note || null,
    });
    if (!checked) return;
    const name = t(`expenses.cat.${checked.category}`);
    // The account it is paid from, and its balance after it where this person sees balances.
    const account = accounts.find((a) => a.id === accountId);
    const balance =
      account?.balance === undefined ? null : toTaka(accountBalance([toPoisha(account.balance), moneyDelta('expense', null, toPoisha(checked.amount))]));
    const shown = { name, amount: checked.amount, account: account ? label(account) : null, balance };
    // The server's refusal without an outbox stays in the form, in the reader's words.
    record.mutate({ body: checked, name }, track(shown, formCallbacks(setErrors, () => {}, { reasonAt: 'form' }).onError));
  };

  if (taken) {
    return (
      <ConfirmedModal title={t('expenses.addTitle')} onClose={onClose} state={state} refusedTitle={t('expenses.refused')}>
        <p>{t('expenses.taken', { category: taken.name, amount: taken.amount })}</p>
        <p data-testid="expense-after">
          {taken.account === null
            ? t('expenses.drawerNote')
            : taken.balance === null
              ? `${t('expenses.account')}: ${taken.account}`
              : t('expenses.balanceAfter', { account: taken.account, amount: taken.balance })}
        </p>
      </ConfirmedModal>
    );
  }

  return (
    <FormModal title={t('expenses.addTitle')} onClose={onClose} onSubmit={onSubmit} action="record" pending={record.isPending}>
      {errors.form && (
        <p role="alert" className="ds-field__error">
          {errors.form}
        </p>
      )}
      <SelectField
        label={t('expenses.category')}
        value={category}
        onChange={(e) => setCategory(e.target.value as ExpenseCategory)}
        options={EXPENSE_CATEGORIES.map((c) => ({ value: c, label: t(`expenses.cat.${c}`) }))}
        error={errors.category}
        required
      />
      <AmountField label={t('expenses.amount')} {...field('amount')} required />
      {accounts.length > 0 ? (
        <AccountSelect accounts={accounts} value={accountId} onChange={setChosen} label={t('expenses.account')} error={errors.accountId} />
      ) : (
        <p className="shell-muted">{t('expenses.drawerNote')}</p>
      )}
      <TextField label={t('expenses.note')} {...field('note')} maxLength={300} />
    </FormModal>
  );
}
