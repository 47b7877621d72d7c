import { useState, type ReactNode } from 'react';
import { useT, type KeyOf } from '@mojud/i18n';
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
  };
}

/** One payment being typed, and its body part for the schema. */
export function usePayment<M extends string>(paymentMethod: M, amount = '') {
  const [payment, setPayment] = useState<PaymentDraft<M>>({ amount, paymentMethod, ref: '' });
  return { payment, setPayment, body: paymentBody(payment) };
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
      <SelectField
        label={t('paymentMethod')}
        value={value.paymentMethod}
        onChange={(e) => set({ paymentMethod: e.target.value as M })}
        options={methods.map((m) => ({ value: m, label: t(`method_${m}`) }))}
        error={errors.paymentMethod}
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
