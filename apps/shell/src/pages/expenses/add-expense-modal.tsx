import { useState } from 'react';
import { isQueued, newIdempotencyKey, useMoneyAccounts } from '@mojud/api-client';
import { EXPENSE_CATEGORIES, type ExpenseCategory } from '@mojud/contracts';
import {
  AccountSelect,
  AmountField,
  defaultAccountId,
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
 * opening gets its own Idempotency-Key, so a press sent twice is recorded once.
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
    record.mutate(
      { body: checked, name },
      formCallbacks(
        setErrors,
        (result) => {
          notify.success(isQueued(result) ? t('expenses.savedOffline') : t('expenses.recorded', { category: name, amount: checked.amount }));
          onClose();
        },
        // The server's refusal stays in the form, in the reader's words.
        { reasonAt: 'form' },
      ),
    );
  };

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
