import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorText, latinNumerals, newIdempotencyKey, normalizeError, useConfirmedWrite } from '@mojud/api-client';
import { accountBalance, checkEnoughMoney, toPoisha, toTaka } from '@mojud/domain';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { WALLET_PROVIDERS, WALLET_TYPES, type MoneyAccount } from '@mojud/contracts';
import {
  AccountSelect,
  AmountField,
  Button,
  ConfirmDialog,
  ConfirmedModal,
  defaultAccountId,
  formCallbacks,
  FormModal,
  formatTk,
  MoreMenu,
  notify,
  parseNumber,
  SelectField,
  QueryView,
  TextField,
  useAccountLabel,
  useFormState,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../../texts';
import { NoStore } from '../dashboard/no-store';
import { accountQueries, useAccountEdits, useTransferMoney } from './api';
import './accounts.css';
import './texts';

const MANAGERS = ['owner', 'admin', 'manager'];
// The owner's bKash merchant API settings: a chunk of their own, loaded for the owner only.
const BkashGatewaySection = lazy(() => import(/* webpackChunkName: "bkash-gateway" */ './bkash/bkash-gateway'));

// How shops pay the store (its wallet numbers and Bangla QR): a chunk of its own, after the list.
const PaymentDetailsSection = lazy(() => import('./payment/payment-details'));

/** The store's money accounts and their balances (DEALER.md rules 15, 16, 20; managers up). */
export function AccountsPage() {
  const t = useT(ns);
  const store = useAuthStore(selectCurrentStore);
  const list = useQuery({ ...accountQueries.list(store?.id ?? ''), enabled: Boolean(store) });
  const [adding, setAdding] = useState(false);
  const [moving, setMoving] = useState(false);
  if (!store) return <NoStore />;
  const accounts = list.data ?? [];
  const open = accounts.filter((a) => !a.archived);
  const manager = MANAGERS.includes(String(store.role ?? ''));

  return (
    <section className="accounts" aria-labelledby="accounts-title">
      <div className="ds-page-header">
        <h2 id="accounts-title">{t('accounts.title')}</h2>
        <Link to="/reports/money">{t('accounts.report')}</Link>
      </div>
      <p className="shell-muted">{t('accounts.lead')}</p>
      {manager && (
        <div className="accounts__actions">
          <Button onClick={() => setAdding(true)}>{t('accounts.add')}</Button>
          <Button variant="secondary" onClick={() => setMoving(true)} disabled={open.length < 2}>
            {t('accounts.move')}
          </Button>
          {list.isSuccess && open.length < 2 && <span className="shell-muted">{t('accounts.twoNeeded')}</span>}
        </div>
      )}
      <QueryView
        query={list}
        loading={t('accounts.loading')}
        failed={t('accounts.loadFailed', { message: errorText(list.error) })}
        retry={{ label: t('accounts.retry'), onRetry: () => void list.refetch() }}
      >
        {() => (
          <ul className="accounts__list" aria-label={t('accounts.title')}>
            {accounts.map((account) => (
              <AccountRow key={account.id} storeId={store.id} account={account} manager={manager} />
            ))}
          </ul>
        )}
      </QueryView>
      <Suspense fallback={null}>
        <PaymentDetailsSection storeId={store.id} manager={manager} />
      </Suspense>
      {store.role === 'owner' && list.isSuccess && (
        <Suspense fallback={null}>
          <BkashGatewaySection storeId={store.id} accounts={accounts} />
        </Suspense>
      )}
      {adding && <AddAccountModal storeId={store.id} onClose={() => setAdding(false)} />}
      {moving && <MoveMoneyModal storeId={store.id} accounts={accounts} onClose={() => setMoving(false)} />}
    </section>
  );
}

function AccountRow({ storeId, account, manager }: { storeId: string; account: MoneyAccount; manager: boolean }) {
  const t = useT(ns);
  const label = useAccountLabel();
  const name = label(account);
  const edits = useAccountEdits(storeId);
  const [editing, setEditing] = useState(false);
  const [opening, setOpening] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const refused = (error: unknown) => notify.error(errorText(error));
  const actions = [
    { key: 'edit', label: t('accounts.edit'), onSelect: () => setEditing(true) },
    ...(!account.isDefault && !account.archived && account.kind !== 'cash'
      ? [
          {
            key: 'default',
            label: t('accounts.makeDefault'),
            onSelect: () =>
              edits.update.mutate(
                { id: account.id, body: { isDefault: true } },
                { onSuccess: () => notify.success(t('accounts.madeDefault', { name })), onError: refused },
              ),
          },
        ]
      : []),
    account.archived
      ? {
          key: 'unarchive',
          label: t('accounts.unarchive'),
          onSelect: () => edits.update.mutate({ id: account.id, body: { archived: false } }, { onError: refused }),
        }
      : { key: 'archive', label: t('accounts.archive'), onSelect: () => setArchiving(true) },
  ];
  return (
    <li className="accounts__row" data-testid="account-row">
      <div className="accounts__name">
        <strong>{name}</strong>
        {account.isDefault && <span className="accounts__badge" title={t('accounts.defaultHint')}>{t('accounts.default')}</span>}
        {account.archived && <span className="accounts__badge accounts__badge--muted">{t('accounts.archived')}</span>}
      </div>
      <div className="accounts__balance">
        <span className="shell-muted">{t('accounts.balance')}</span>{' '}
        <span data-testid="account-balance">{account.balance === undefined ? '—' : formatTk(account.balance)}</span>
      </div>
      {manager && (
        <div className="accounts__row-actions">
          {!account.hasOpening && !account.archived && (
            <Button variant="secondary" onClick={() => setOpening(true)}>
              {t('accounts.enterOpening')}
            </Button>
          )}
          <MoreMenu label={t('accounts.actions', { name })} actions={actions} />
        </div>
      )}
      {editing && <EditAccountModal storeId={storeId} account={account} name={name} onClose={() => setEditing(false)} />}
      {opening && <OpeningModal storeId={storeId} account={account} name={name} onClose={() => setOpening(false)} />}
      <ConfirmDialog
        open={archiving}
        title={t('accounts.archive')}
        message={t('accounts.archiveConfirm', { name })}
        confirmLabel={t('accounts.archive')}
        busy={edits.update.isPending}
        onCancel={() => setArchiving(false)}
        onConfirm={() =>
          edits.update.mutate(
            { id: account.id, body: { archived: true } },
            {
              onSuccess: () => notify.success(t('accounts.archivedDone', { name })),
              onError: refused,
              onSettled: () => setArchiving(false),
            },
          )
        }
      />
    </li>
  );
}

function AddAccountModal({ storeId, onClose }: { storeId: string; onClose: () => void }) {
  const t = useT(ns);

  const { create } = useAccountEdits(storeId);
  const { values, setErrors, field } = useFormState({
    kind: 'wallet',
    provider: 'bkash',
    walletType: 'personal',
    number: '',
    name: '',
    openingBalance: '',
  });
  const onSubmit = () => {
    const opening = parseNumber(values.openingBalance);
    const common = { ...(opening !== undefined && { openingBalance: opening }) };
    const body =
      values.kind === 'wallet'
        ? {
            kind: 'wallet' as const,
            provider: values.provider as MoneyAccount['provider'] & string,
            walletType: values.walletType as MoneyAccount['walletType'] & string,
            number: latinNumerals(values.number.trim()),
            ...common,
          }
        : {
            kind: 'bank' as const,
            name: values.name.trim(),
            ...(values.number.trim() && { number: latinNumerals(values.number.trim()) }),
            ...common,
          };
    create.mutate(body, formCallbacks(setErrors, { message: t('accounts.added'), then: onClose }));
  };
  return (
    <FormModal title={t('accounts.addTitle')} onClose={onClose} onSubmit={onSubmit} action="save" pending={create.isPending}>
      <SelectField
        label={t('accounts.kind')}
        {...field('kind')}
        options={[
          { value: 'wallet', label: t('accounts.kindWallet') },
          { value: 'bank', label: t('accounts.kindBank') },
        ]}
      />
      {values.kind === 'wallet' ? (
        <>
          <SelectField
            label={t('accounts.provider')}
            {...field('provider')}
            options={WALLET_PROVIDERS.map((p) => ({ value: p, label: t(`accounts.provider_${p}`) }))}
          />
          <SelectField
            label={t('accounts.walletType')}
            {...field('walletType')}
            options={WALLET_TYPES.map((w) => ({ value: w, label: t(`accounts.type_${w}`) }))}
          />
          <TextField label={t('accounts.walletNumber')} type="tel" inputMode="tel" maxLength={20} {...field('number')} />
        </>
      ) : (
        <>
          <TextField label={t('accounts.bankName')} maxLength={80} {...field('name')} />
          <TextField label={t('accounts.number')} maxLength={34} {...field('number')} />
        </>
      )}
      <AmountField label={t('accounts.opening')} hint={t('accounts.openingHint')} {...field('openingBalance')} />
    </FormModal>
  );
}

function EditAccountModal({ storeId, account, name, onClose }: { storeId: string; account: MoneyAccount; name: string; onClose: () => void }) {
  const t = useT(ns);
  const { update } = useAccountEdits(storeId);
  const { values, errors, setErrors, field } = useFormState({ name: account.name ?? '', number: account.number ?? '' });
  const onSubmit = () => {
    const body = {
      name: values.name.trim() || null,
      ...(account.kind !== 'cash' && { number: latinNumerals(values.number.trim()) || null }),
    };
    update.mutate({ id: account.id, body }, formCallbacks(setErrors, { message: t('accounts.saved'), then: onClose }));
  };
  return (
    <FormModal title={t('accounts.editTitle', { name })} onClose={onClose} onSubmit={onSubmit} action="save" pending={update.isPending}>
      <TextField label={t('accounts.name')} maxLength={80} {...field('name')} />
      {account.kind !== 'cash' && <TextField label={t('accounts.number')} maxLength={34} {...field('number')} />}
      {errors.form && (
        <p role="alert" className="ds-field__error">
          {errors.form}
        </p>
      )}
    </FormModal>
  );
}

function OpeningModal({ storeId, account, name, onClose }: { storeId: string; account: MoneyAccount; name: string; onClose: () => void }) {
  const t = useT(ns);
  const { opening } = useAccountEdits(storeId);
  const { errors, setErrors, field, values } = useFormState({ amount: '' });
  const onSubmit = () => {
    const amount = parseNumber(values.amount);
    if (amount === undefined || amount < 0) return setErrors({ amount: t('accounts.amountNeeded') });
    opening.mutate(
      { id: account.id, amount },
      formCallbacks(setErrors, { message: t('accounts.openingSaved'), then: onClose }, { reasonAt: 'amount', toast: 'unlessFields' }),
    );
  };
  return (
    <FormModal title={t('accounts.openingTitle', { name })} onClose={onClose} onSubmit={onSubmit} action="save" pending={opening.isPending}>
      <AmountField label={t('accounts.opening')} hint={t('accounts.openingHint')} {...field('amount')} error={errors.amount} />
    </FormModal>
  );
}

/**
 * Money moved from one account to another (rule 16), with its fee. Mount it only while open:
 * each opening gets its own Idempotency-Key. Confirmed at once (docs/frontend.md): Record shows
 * the move and, to those who see balances, both accounts after it (libs/domain), "Saving…", until
 * the server answers; an account holding too little is refused before the tap, in plain words.
 */
export function MoveMoneyModal({ storeId, accounts, onClose }: { storeId: string; accounts: readonly MoneyAccount[]; onClose: () => void }) {
  const t = useT(ns);
  const label = useAccountLabel();
  const [key] = useState(newIdempotencyKey);
  const transfer = useTransferMoney(storeId, key);
  const open = accounts.filter((a) => !a.archived);
  const [from, setFrom] = useState(() => defaultAccountId(open, 'cash'));
  const [to, setTo] = useState(() => open.find((a) => a.id !== defaultAccountId(open, 'cash'))?.id ?? '');
  const { values, errors, setErrors, field } = useFormState({ amount: '', fee: '', note: '' });
  const fromAccount = open.find((a) => a.id === from);
  const toAccount = open.find((a) => a.id === to);
  type Shown = { amount: number; fee: number; from: string; to: string; after: { account: string; amount: number }[] };
  const { taken, state, track } = useConfirmedWrite<Shown>(storeId, {
    waiting: () => {
      notify.success(t('accounts.movedOffline'));
      onClose();
    },
    saved: (_, shown) => {
      notify.success(t('accounts.moved', { amount: formatTk(shown.amount) }));
      onClose();
    },
  });
  // A refusal names the account as the reader does, in their language.
  const reason = (error: unknown) => {
    const refusal = normalizeError(error);
    if (refusal.code !== 'accounts.notEnough' || !fromAccount) return errorText(error);
    const p = refusal.params as { balance: number; amount: number };
    return t('accounts.notEnough', { account: label(fromAccount), balance: formatTk(p.balance), amount: formatTk(p.amount) });
  };
  const onSubmit = () => {
    const amount = parseNumber(values.amount);
    const fee = parseNumber(values.fee) ?? 0;
    if (from === to) return setErrors({ toAccountId: t('accounts.sameAccount') });
    if (amount === undefined || !(amount > 0)) return setErrors({ amount: t('accounts.amountNeeded') });
    const out = toPoisha(amount) + toPoisha(fee);
    // The balances after it (rule 16), where this person sees balances; too little is refused here, as the server would.
    const after: Shown['after'] = [];
    if (fromAccount?.balance !== undefined && toAccount?.balance !== undefined) {
      try {
        checkEnoughMoney(label(fromAccount), toPoisha(fromAccount.balance), out);
      } catch (refusal) {
        return setErrors({ form: reason(refusal) });
      }
      after.push(
        { account: label(fromAccount), amount: toTaka(accountBalance([toPoisha(fromAccount.balance), -out])) },
        { account: label(toAccount), amount: toTaka(accountBalance([toPoisha(toAccount.balance), toPoisha(amount)])) },
      );
    }
    const shown = { amount, fee, from: fromAccount ? label(fromAccount) : '', to: toAccount ? label(toAccount) : '', after };
    transfer.mutate(
      { body: { fromAccountId: from, toAccountId: to, amount, fee, note: values.note.trim() || null }, name: shown.from },
      track(shown, formCallbacks(setErrors, () => {}, { reason, reasonAt: 'form', toast: 'never' }).onError),
    );
  };
  if (taken) {
    return (
      <ConfirmedModal title={t('accounts.moveTitle')} onClose={onClose} state={state} refusedTitle={t('accounts.moveRefused')}>
        <dl className="shell-move-shown" data-testid="move-shown">
          <dt>{t('accounts.from')}</dt>
          <dd>{taken.from}</dd>
          <dt>{t('accounts.to')}</dt>
          <dd>{taken.to}</dd>
          <dt>{t('accounts.amount')}</dt>
          <dd>{formatTk(taken.amount)}</dd>
          {taken.fee > 0 && (
            <>
              <dt>{t('accounts.fee')}</dt>
              <dd>{formatTk(taken.fee)}</dd>
            </>
          )}
        </dl>
        {taken.after.length > 0 && (
          <ul data-testid="balances-after">
            {taken.after.map((a) => (
              <li key={a.account}>{t('accounts.balanceAfter', { account: a.account, amount: formatTk(a.amount) })}</li>
            ))}
          </ul>
        )}
      </ConfirmedModal>
    );
  }
  return (
    <FormModal title={t('accounts.moveTitle')} onClose={onClose} onSubmit={onSubmit} action="record" pending={transfer.isPending}>
      <p className="shell-muted">{t('accounts.moveLead')}</p>
      <AccountSelect accounts={open} value={from} onChange={setFrom} label={t('accounts.from')} error={errors.fromAccountId} />
      <AccountSelect accounts={open} value={to} onChange={setTo} label={t('accounts.to')} error={errors.toAccountId} />
      <AmountField label={t('accounts.amount')} {...field('amount')} />
      <AmountField label={t('accounts.fee')} {...field('fee')} />
      <TextField label={t('accounts.note')} maxLength={300} {...field('note')} />
      {errors.form && (
        <p role="alert" className="ds-field__error">
          {errors.form}
        </p>
      )}
    </FormModal>
  );
}
