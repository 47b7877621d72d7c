import { useState, type ReactNode } from 'react';
import { useT, type KeyOf, type Translate } from '@mojud/i18n';
import { accountLabel, type AccountLike } from './account-select';
import { AmountField, NumberField, SelectField, TextField } from './fields';
import { parseNumber } from './format';
import { ns } from './texts';

/** A payment method the design system has a word for (`method_cash` …). */
export type PaymentMethodName = KeyOf<typeof ns> extends infer K ? (K extends `method_${infer M}` ? M : never) : never;

/** What the user typed: kept as text so a half-typed amount is not lost. */
export interface PaymentDraft<M extends string = string> {
  amount: string;
  paymentMethod: M;
  ref: string;
  /** The store's account chosen (rule 15); absent: the method's default account. */
  accountId?: string;
}

/**
 * The draft as a request body part, for the contract's schema to check: an empty amount is left
 * out (so the schema reports it missing), a blank reference is null.
 */
export function paymentBody<M extends string>(draft: PaymentDraft<M>) {
  return {
    amount: parseNumber(draft.amount),
    paymentMethod: draft.paymentMethod,
    ref: draft.ref.trim() || null,
    ...(draft.accountId ? { accountId: draft.accountId } : {}),
  };
}

/**
 * What a person chooses a payment by (rule 15): each of the store's open accounts of the methods
 * allowed ("Cash drawer", "bKash 01711-223344 (personal)"), then the methods no open account
 * answers to (Due, Other). No accounts (not read yet, offline on a first visit): the methods, as
 * before, so the counter never waits.
 */
export function paymentChoices<M extends string>(
  methods: readonly M[],
  accounts: readonly AccountLike[] | undefined,
  t: Translate<KeyOf<typeof ns>>,
): { value: string; label: string; method: M; accountId?: string }[] {
  const open = (accounts ?? []).filter((a) => !a.archived && (methods as readonly string[]).includes(a.family));
  const byAccount = open.map((a) => ({ value: a.id, label: accountLabel(a, t), method: a.family as M, accountId: a.id }));
  const rest = methods
    .filter((m) => !open.some((a) => a.family === m))
    .map((m) => ({ value: m as string, label: t(`method_${m}` as KeyOf<typeof ns>), method: m }));
  return [...byAccount, ...rest];
}

/** The choice a draft stands on: its account, else its method's default account, else its method. */
export function paymentChoiceValue(draft: { paymentMethod: string; accountId?: string }, accounts: readonly AccountLike[] | undefined): string {
  if (draft.accountId) return draft.accountId;
  const open = (accounts ?? []).filter((a) => !a.archived && a.family === draft.paymentMethod);
  return (open.find((a) => a.isDefault) ?? open[0])?.id ?? draft.paymentMethod;
}

/** One payment being typed, and its body part for the schema. */
export function usePayment<M extends string>(paymentMethod: M, amount = '') {
  const [payment, setPayment] = useState<PaymentDraft<M>>({ amount, paymentMethod, ref: '' });
  return { payment, setPayment, body: paymentBody(payment) };
}

export interface PaymentChoiceFieldProps<M extends string> {
  methods: readonly M[];
  /** The store's accounts; empty or absent: the methods, as before. */
  accounts?: readonly AccountLike[];
  /** Money coming in ("Paid into") or going out ("Paid from"). */
  direction?: 'in' | 'out';
  value: { paymentMethod: M; accountId?: string };
  /** The method (an account's family when an account is chosen) and the account, if one is. */
  onChange: (next: { paymentMethod: M; accountId: string | undefined }) => void;
  error?: string;
  /** The label while the methods are offered (no accounts): "Payment Method" unless given. */
  methodLabel?: string;
}

/** Where a payment goes (rule 15): an account of the store by name, or a method no account answers to. */
export function PaymentChoiceField<M extends string>({
  methods,
  accounts,
  direction = 'in',
  value,
  onChange,
  error,
  methodLabel,
}: PaymentChoiceFieldProps<M>) {
  const t = useT(ns);
  const choices = paymentChoices(methods, accounts, t);
  const byAccount = choices.some((c) => c.accountId);
  return (
    <SelectField
      label={byAccount ? t(direction === 'in' ? 'paidInto' : 'paidFrom') : (methodLabel ?? t('paymentMethod'))}
      value={paymentChoiceValue(value, accounts)}
      onChange={(e) => {
        const choice = choices.find((c) => c.value === e.target.value);
        if (choice) onChange({ paymentMethod: choice.method, accountId: choice.accountId });
      }}
      options={choices.map(({ value: v, label }) => ({ value: v, label }))}
      error={error}
    />
  );
}

export interface PaymentFieldsProps<M extends PaymentMethodName> {
  value: PaymentDraft<M>;
  onChange: (next: PaymentDraft<M>) => void;
  methods: readonly M[];
  /** Field errors keyed `amount`, `paymentMethod`, `ref` (from the schema or the server). */
  errors?: Record<string, string | undefined>;
  /** Leave out the reference for payments that never carry one. */
  withReference?: boolean;
  referencePlaceholder?: string;
  amountLabel?: ReactNode;
  amountHint?: ReactNode;
  /** Show the amount with thousands separators while it is typed (AmountField). */
  grouped?: boolean;
  /**
   * The store's accounts (rule 15): the choice becomes "Paid into" (or "Paid from", `direction`
   * out) the account by name. Empty or absent: the methods, as before.
   */
  accounts?: readonly AccountLike[];
  direction?: 'in' | 'out';
}

/** Amount, method and reference of a payment, the same in every form that takes money. */
export function PaymentFields<M extends PaymentMethodName>({
  value,
  onChange,
  methods,
  errors = {},
  withReference = true,
  referencePlaceholder,
  amountLabel,
  amountHint,
  grouped = false,
  accounts,
  direction = 'in',
}: PaymentFieldsProps<M>) {
  const t = useT(ns);
  const set = (patch: Partial<PaymentDraft<M>>) => onChange({ ...value, ...patch });
  // The schema says "Must be a number" for a missing amount; the form says what to do.
  const amountError = errors.amount && value.amount.trim() === '' ? t('amountRequired') : errors.amount;
  const Amount = grouped ? AmountField : NumberField;
  return (
    <>
      <Amount
        label={amountLabel ?? t('amount')}
        value={value.amount}
        min={0}
        step="0.01"
        onChange={(e) => set({ amount: e.target.value })}
        error={amountError}
        hint={amountHint}
        required
      />
      <PaymentChoiceField
        methods={methods}
        accounts={accounts}
        direction={direction}
        value={value}
        onChange={(choice) => set(choice)}
        error={errors.paymentMethod ?? errors.accountId}
      />
      {withReference && (
        <TextField
          label={t('reference')}
          placeholder={referencePlaceholder}
          value={value.ref}
          onChange={(e) => set({ ref: e.target.value })}
          error={errors.ref}
          maxLength={100}
        />
      )}
    </>
  );
}
