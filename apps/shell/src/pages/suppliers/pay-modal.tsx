import { useState } from 'react';
import { errorText, loadErrorTexts, newIdempotencyKey, useConfirmedWrite, useMoneyAccounts } from '@mojud/api-client';
import { supplierPaymentBodySchema, type Supplier } from '@mojud/contracts';
import { accountBalance, checkSupplierPayment, moneyDelta, supplierPayableAfterPayment, toPoisha, toTaka } from '@mojud/domain';
import {
  AccountSelect,
  AmountField,
  ConfirmedModal,
  defaultAccountId,
  formatTk,
  formCallbacks,
  FormModal,
  notify,
  parseNumber,
  TextField,
  useAccountLabel,
  useFormState,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../../texts';
import { usePaySupplier, type SupplierPaymentResult } from './api';
import './texts';

interface Shown {
  name: string;
  amount: number;
  /** The account it is paid from (null: not read yet; the server takes the drawer). */
  account: string | null;
  /** Its balance after it, where this person sees balances. */
  balance: number | null;
  /** What is still payable to the supplier after it, where this person sees payables. */
  payableAfter: number | null;
}

/**
 * Pays a supplier (DEALER.md rule 19) from the account chosen. Mount it only while open: each
 * opening gets its own Idempotency-Key. Confirmed at once (docs/frontend.md): Pay shows the
 * payment and, to those who see balances, the account's balance and the supplier's payable after
 * it (libs/domain), "Saving…", until the server answers; more than the payable is refused beside
 * the amount before the tap, in the server's words (`checkSupplierPayment`, the server's rule).
 */
export function PayModal({ storeId, supplier, onClose }: { storeId: string; supplier: Supplier; onClose: () => void }) {
  const t = useT(ns);
  const [key] = useState(newIdempotencyKey);
  const accounts = useMoneyAccounts(storeId);
  const [accountId, setAccountId] = useState('');
  const form = useFormState({ amount: '', note: '' });
  const pay = usePaySupplier(storeId, key);
  const label = useAccountLabel();
  const chosen = accountId || defaultAccountId(accounts, 'cash');
  const { taken, state, track } = useConfirmedWrite<Shown, SupplierPaymentResult>(storeId, {
    waiting: () => {
      notify.success(t('suppliers.paidOffline'));
      onClose();
    },
    saved: (result, shown) => {
      notify.success(t('suppliers.paidDone', { amount: formatTk(result?.payable ?? shown.payableAfter ?? 0) }));
      onClose();
    },
  });

  const onSubmit = async () => {
    const amount = parseNumber(form.values.amount) ?? Number.NaN;
    const body = form.check(supplierPaymentBodySchema, { amount, note: form.values.note, ...(chosen ? { accountId: chosen } : {}) });
    if (!body) return;
    const paid = toPoisha(body.amount);
    // More than is owed is refused here, as the server would, so it never waits under "Needs attention".
    if (supplier.payable !== undefined) {
      try {
        checkSupplierPayment(supplier.name, toPoisha(supplier.payable), paid);
      } catch (refusal) {
        await loadErrorTexts();
        return form.setErrors({ amount: errorText(refusal) });
      }
    }
    const account = accounts.find((a) => a.id === chosen);
    const shown: Shown = {
      name: supplier.name,
      amount: body.amount,
      account: account ? label(account) : null,
      balance:
        account?.balance === undefined
          ? null
          : toTaka(accountBalance([toPoisha(account.balance), moneyDelta('supplier_payment', account.family, paid)])),
      payableAfter: supplier.payable === undefined ? null : toTaka(supplierPayableAfterPayment(toPoisha(supplier.payable), paid)),
    };
    // The server's refusal without an outbox stays in the form, in the reader's words.
    pay.mutate(
      { supplierId: supplier.id, name: supplier.name, body },
      track(shown, formCallbacks(form.setErrors, () => {}, { reasonAt: 'form' }).onError),
    );
  };

  if (taken) {
    return (
      <ConfirmedModal title={t('suppliers.payTitle', { name: supplier.name })} onClose={onClose} state={state} refusedTitle={t('suppliers.payRefused')}>
        <p>{t('suppliers.taken', { amount: formatTk(taken.amount), name: taken.name })}</p>
        <ul className="sup-after" data-testid="payment-after">
          {taken.account !== null && (
            <li>
              {taken.balance === null
                ? `${t('suppliers.account')}: ${taken.account}`
                : t('suppliers.balanceAfter', { account: taken.account, amount: formatTk(taken.balance) })}
            </li>
          )}
          {taken.payableAfter !== null && <li>{t('suppliers.payableAfter', { name: taken.name, amount: formatTk(taken.payableAfter) })}</li>}
        </ul>
      </ConfirmedModal>
    );
  }

  return (
    <FormModal title={t('suppliers.payTitle', { name: supplier.name })} onClose={onClose} onSubmit={onSubmit} action="pay" pending={pay.isPending}>
      {form.errors.form && (
        <p role="alert" className="ds-field__error">
          {form.errors.form}
        </p>
      )}
      <p>{t('suppliers.payableNow', { amount: formatTk(supplier.payable ?? 0) })}</p>
      <AmountField label={t('suppliers.amount')} required {...form.field('amount')} />
      {accounts.length > 0 && <AccountSelect accounts={accounts} value={chosen} onChange={setAccountId} label={t('suppliers.account')} />}
      <TextField label={t('suppliers.note')} {...form.field('note')} />
    </FormModal>
  );
}
