// DEALER.md rule 22: money that arrives in a wallet. Anyone at the counter pastes the wallet's
// "money received" SMS; the server reads it, matches the shop by reference or phone and records
// it once (the wallet's transaction id is its key). What matches nothing waits here for a
// manager to assign or put aside (the lists are managers' and up: rule 23).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isQueued, newIdempotencyKey, shopQueries, useMoneyAccounts } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import {
  assignPaymentBodySchema,
  dismissPaymentBodySchema,
  formatBdMobile,
  pasteSmsBodySchema,
  type IncomingPayment,
  type IncomingPaymentResponse,
} from '@mojud/contracts';
import {
  Banner,
  Button,
  Card,
  EmptyState,
  formatDateTime,
  formatTk,
  formCallbacks,
  FormModal,
  SelectField,
  Spinner,
  Tabs,
  TextAreaField,
  TextField,
  useAccountLabel,
  useFormState,
} from '@mojud/design-system';
import { readWalletSms, toTaka, type WalletSmsReading } from '@mojud/domain';
import { bengaliDigits, toBengaliDigits, useT } from '@mojud/i18n';
import { ns } from '../../texts';
import { NoStore } from '../dashboard/no-store';
import { paymentDetailsQueries } from '../accounts/api';
import { paymentQueries, usePasteSms, useSettlePayment, type PaymentStatus } from './api';
import './texts';
import './payments.css';

const MANAGERS = ['owner', 'admin', 'manager'];
const failed = (error: unknown) => (error as { message?: string }).message ?? '';
/** A phone number or transaction id in the reader's digits. */
const digits = (text: string) => (bengaliDigits() ? toBengaliDigits(text) : text);
const phone = (number: string | null) => (number ? digits(formatBdMobile(number)) : '');

type Outcome = { kind: 'queued' } | { kind: 'answer'; answer: IncomingPaymentResponse };

/** What happened to a pasted message, in words: recorded for a shop, waiting, or already in. */
function OutcomeBanner({ outcome, onDismiss }: { outcome: Outcome; onDismiss: () => void }) {
  const t = useT(ns);
  if (outcome.kind === 'queued') return <Banner onDismiss={onDismiss}>{t('payments.queued')}</Banner>;
  const { payment, duplicate } = outcome.answer;
  const amount = formatTk(payment.amount);
  const text = duplicate
    ? t('payments.duplicate', { trx: payment.trxId })
    : payment.status === 'recorded'
      ? t('payments.recorded', { amount, shop: payment.shop?.name ?? '' })
      : payment.reason === 'twoShops'
        ? t('payments.waitsTwoShops', { amount })
        : t('payments.waitsNoMatch', { amount });
  return (
    <Banner tone={duplicate || payment.status !== 'recorded' ? 'warning' : 'info'} onDismiss={onDismiss}>
      {text}
    </Banner>
  );
}

/** What the pasted message says, before it is recorded. */
function ReadingLine({ reading }: { reading: Extract<WalletSmsReading, { ok: true }> }) {
  const t = useT(ns);
  const { provider, amount, sender, reference, trxId } = reading.payment;
  const parts = [
    t(`payments.provider_${provider}`),
    formatTk(toTaka(amount)),
    sender && t('payments.from', { phone: phone(sender) }),
    reference && t('payments.reference', { reference: digits(reference) }),
    t('payments.trx', { trx: trxId }),
  ];
  return (
    <p className="pay-reading" aria-live="polite">
      {t('payments.readsAs')} <strong>{parts.filter(Boolean).join(' · ')}</strong>
    </p>
  );
}

function PasteCard({ storeId }: { storeId: string }) {
  const t = useT(ns);
  // One key per message: a new one after each recorded paste (the server keys by TrxID as well).
  const [key, setKey] = useState(newIdempotencyKey);
  const accounts = useMoneyAccounts(storeId).filter((a) => a.kind === 'wallet' && !a.archived);
  const label = useAccountLabel();
  const form = useFormState({ text: '', accountId: '' });
  const paste = usePasteSms(storeId, key);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Where the server receives forwarded SMS, when it does: the same as pasting, without the phone in hand.
  const inbound = useQuery(paymentDetailsQueries.details(storeId)).data?.inboundNumber ?? null;
  // Read on the phone too, by the same rule as the server: the person sees what will be
  // recorded before pressing, and a message that is not a payment is never queued.
  const reading = form.values.text.trim().length >= 10 ? readWalletSms(form.values.text) : null;
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const { text, accountId } = form.values;
    const body = form.check(pasteSmsBodySchema, { text, ...(accountId ? { accountId } : {}) });
    if (!body) return;
    if (reading && !reading.ok) return form.setErrors({ text: t(`payments.unreadable_${reading.reason}`) });
    const amount = reading?.ok ? toTaka(reading.payment.amount) : undefined;
    paste.mutate(
      { body, name: reading?.ok ? t(`payments.provider_${reading.payment.provider}`) : text.slice(0, 40), amount },
      formCallbacks(form.setErrors, (result) => {
        setOutcome(isQueued(result) ? { kind: 'queued' } : { kind: 'answer', answer: result });
        form.set('text', '');
        setKey(newIdempotencyKey());
      }),
    );
  };
  return (
    <Card title={t('payments.pasteTitle')}>
      <form className="pay-paste" onSubmit={onSubmit} noValidate>
        <TextAreaField
          label={t('payments.message')}
          hint={t('payments.messageHint')}
          rows={4}
          required
          {...form.field('text')}
        />
        {reading?.ok && <ReadingLine reading={reading} />}
        {accounts.length > 1 && (
          <SelectField
            label={t('payments.wallet')}
            options={[{ value: '', label: t('payments.walletByMessage') }, ...accounts.map((a) => ({ value: a.id, label: label(a) }))]}
            {...form.field('accountId')}
          />
        )}
        <Button type="submit" disabled={paste.isPending}>
          {paste.isPending ? t('payments.recording') : t('payments.record')}
        </Button>
      </form>
      {outcome && <OutcomeBanner outcome={outcome} onDismiss={() => setOutcome(null)} />}
      {inbound && <p className="shell-muted">{t('payments.forwardTo', { number: phone(inbound) })}</p>}
    </Card>
  );
}

function AssignModal({ storeId, payment, onClose }: { storeId: string; payment: IncomingPayment; onClose: () => void }) {
  const t = useT(ns);
  const [search, setSearch] = useState('');
  const [shopId, setShopId] = useState(payment.candidates[0]?.id ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const found = useQuery({ ...shopQueries.picker(storeId, search.trim()), enabled: search.trim().length > 0 });
  const { assign } = useSettlePayment(storeId);
  const choices = [
    ...payment.candidates,
    ...(found.data ?? []).filter((s) => !payment.candidates.some((c) => c.id === s.id)).slice(0, 20),
  ];
  const onSubmit = () => {
    const parsed = assignPaymentBodySchema.safeParse({ shopId });
    if (!parsed.success) return setErrors({ shopId: t('payments.chooseShop') });
    const shop = choices.find((c) => c.id === shopId)?.name ?? '';
    assign.mutate(
      { id: payment.id, body: parsed.data },
      formCallbacks(setErrors, { message: t('payments.assigned', { amount: formatTk(payment.amount), shop }), then: onClose }),
    );
  };
  return (
    <FormModal
      title={t('payments.assignTitle', { amount: formatTk(payment.amount) })}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t('payments.assign')}
      pendingLabel={t('payments.recording')}
      pending={assign.isPending}
    >
      <p>{t('payments.assignLead')}</p>
      <TextField label={t('payments.findShop')} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      <fieldset className="pay-shops">
        <legend>{t('payments.shop')}</legend>
        {choices.length === 0 ? (
          <p className="shell-muted">{search.trim() ? t('payments.noShops') : t('payments.typeToFind')}</p>
        ) : (
          choices.map((shop) => (
            <label key={shop.id} className="pay-shop">
              <input type="radio" name="shop" value={shop.id} checked={shopId === shop.id} onChange={() => setShopId(shop.id)} />
              <span>{shop.name}</span>
            </label>
          ))
        )}
        {errors.shopId && (
          <p role="alert" className="pay-error">
            {errors.shopId}
          </p>
        )}
      </fieldset>
    </FormModal>
  );
}

function DismissModal({ storeId, payment, onClose }: { storeId: string; payment: IncomingPayment; onClose: () => void }) {
  const t = useT(ns);
  const form = useFormState({ reason: '' });
  const { dismiss } = useSettlePayment(storeId);
  const onSubmit = () => {
    const body = form.check(dismissPaymentBodySchema, form.values);
    if (!body) return;
    dismiss.mutate(
      { id: payment.id, body },
      formCallbacks(form.setErrors, { message: t('payments.dismissed'), then: onClose }),
    );
  };
  return (
    <FormModal
      title={t('payments.dismissTitle', { amount: formatTk(payment.amount) })}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t('payments.dismiss')}
      pendingLabel={t('payments.saving')}
      pending={dismiss.isPending}
    >
      <p>{t('payments.dismissLead')}</p>
      <TextAreaField label={t('payments.reason')} rows={3} required {...form.field('reason')} />
    </FormModal>
  );
}

function PaymentList({ storeId, status }: { storeId: string; status: PaymentStatus }) {
  const t = useT(ns);
  const list = useQuery(paymentQueries.list(storeId, status));
  const accounts = useMoneyAccounts(storeId);
  const label = useAccountLabel();
  const [assigning, setAssigning] = useState<IncomingPayment | null>(null);
  const [dismissing, setDismissing] = useState<IncomingPayment | null>(null);
  const wallet = (p: IncomingPayment) => {
    const account = accounts.find((a) => a.id === p.accountId);
    return account ? label(account) : p.accountName;
  };
  const why = (p: IncomingPayment) =>
    p.status === 'unmatched'
      ? t(p.reason === 'twoShops' ? 'payments.reason_twoShops' : 'payments.reason_noMatch')
      : p.status === 'dismissed'
        ? t('payments.dismissedBecause', { reason: p.reason ?? '' })
        : p.shop
          ? t(`payments.matched_${p.matchedBy ?? 'hand'}`, { shop: p.shop.name })
          : '';
  // The modals stay mounted while the list refreshes: the last payment assigned empties the list,
  // and the modal's own success (its toast) must still run.
  const modals = (
    <>
      {assigning && <AssignModal storeId={storeId} payment={assigning} onClose={() => setAssigning(null)} />}
      {dismissing && <DismissModal storeId={storeId} payment={dismissing} onClose={() => setDismissing(null)} />}
    </>
  );
  if (list.isPending) return <Spinner label={t('payments.loading')} />;
  if (list.isError) return <p role="alert">{t('payments.failed', { message: failed(list.error) })}</p>;
  if (list.data.length === 0)
    return (
      <>
        <EmptyState title={t(`payments.none_${status}`)} />
        {modals}
      </>
    );
  return (
    <>
      <ul className="pay-list">
        {list.data.map((p) => (
          <li key={p.id}>
            <div className="pay-line">
              <strong>{formatTk(p.amount)}</strong>
              <span>{wallet(p)}</span>
              <small className="shell-muted">{formatDateTime(p.paidAt ?? p.createdAt)}</small>
            </div>
            <div className="pay-line">
              {p.sender && <span>{t('payments.from', { phone: phone(p.sender) })}</span>}
              {p.reference && <span>{t('payments.reference', { reference: digits(p.reference) })}</span>}
              <span>{t('payments.trx', { trx: p.trxId })}</span>
              <span>{t(`payments.source_${p.source}`)}</span>
            </div>
            <p className="pay-why">{why(p)}</p>
            {p.status === 'unmatched' && (
              <div className="pay-actions">
                <Button onClick={() => setAssigning(p)} aria-label={t('payments.assignTitle', { amount: formatTk(p.amount) })}>
                  {t('payments.assign')}
                </Button>
                <Button variant="secondary" onClick={() => setDismissing(p)} aria-label={t('payments.dismissTitle', { amount: formatTk(p.amount) })}>
                  {t('payments.dismiss')}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {modals}
    </>
  );
}

/** /payments */
export function PaymentsPage() {
  const t = useT(ns);
  const store = useAuthStore(selectCurrentStore);
  const [tab, setTab] = useState<PaymentStatus>('unmatched');
  const manager = MANAGERS.includes(String(store?.role ?? ''));
  const waiting = useQuery({ ...paymentQueries.list(store?.id ?? '', 'unmatched'), enabled: Boolean(store) && manager });
  if (!store) return <NoStore />;
  const count = waiting.data?.length ?? 0;
  return (
    <section className="pay">
      <p className="shell-muted">{t('payments.lead')}</p>
      <PasteCard storeId={store.id} />
      {manager && (
        <Card title={t('payments.listsTitle')}>
          <Tabs
            label={t('payments.listsTitle')}
            value={tab}
            onChange={(id) => setTab(id as PaymentStatus)}
            tabs={(['unmatched', 'recorded', 'dismissed'] as const).map((id) => ({
              id,
              label: id === 'unmatched' && count ? t('payments.tab_unmatchedCount', { count: digits(String(count)) }) : t(`payments.tab_${id}`),
              content: <PaymentList key={id} storeId={store.id} status={id} />,
            }))}
          />
        </Card>
      )}
      {!manager && <p className="shell-muted">{t('payments.staffNote')}</p>}
    </section>
  );
}
