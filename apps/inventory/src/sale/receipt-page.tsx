import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorText, isQueued, newIdempotencyKey, normalizeError } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { SALE_PAYMENT_METHODS, type Sale, type SalePaymentMethod } from '@mojud/contracts';
import {
  Banner,
  Button,
  formatCount,
  formatDateTime,
  formatItemName,
  formatSaleNumber,
  formatTk,
  formCallbacks,
  FormModal,
  notify,
  NumberField,
  parseNumber,
  SelectField,
  Spinner,
  TextField,
  useDocumentTitle,
  useFormState,
  useLazySchema,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { Link, useParams, useSearchParams } from '@mojud/router';
import { ns as emptiesNs } from '../empties/texts';
import { ns } from '../texts';
import { canManageStock } from '../roles';
import { saleQueries, useReturnSale, useVoidSale } from './api';
import { receiptText } from './receipt-text';
import { ReceiptSmsStatus, ReceiptWhatsApp } from './receipt-message';
import './texts';
import '../official-prices/texts';
import { PAPERS, Receipt, type Paper } from './receipt';
import './receipt.css';

// The printed page: A4 with margins; a thermal roll is as wide as the paper, as long as the receipt.
const pageRule: Record<Paper, string> = {
  a4: '@page { size: A4; margin: 15mm; }',
  '80': '@page { size: 80mm 297mm; margin: 0; }',
  '58': '@page { size: 58mm 297mm; margin: 0; }',
};

/** Every sale's receipt (DEALER.md rule 6): print on A4, 80 mm or 58 mm paper, or share it as text. */
export function ReceiptPage() {
  const t = useT(ns);
  const te = useT(emptiesNs);
  const store = useAuthStore(selectCurrentStore);
  const { saleId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const paper: Paper = (PAPERS as readonly string[]).includes(params.get('paper') ?? '')
    ? (params.get('paper') as Paper)
    : 'a4';
  const sale = useQuery({
    ...saleQueries.detail(store?.id ?? '', saleId),
    enabled: Boolean(store && saleId),
  });
  const [dialog, setDialog] = useState<'void' | 'return' | null>(null);
  // The sale's number names the tab once it is known (a printed page's header shows it too).
  useDocumentTitle(sale.data ? t('sale.receiptTitle', { number: formatSaleNumber(sale.data.number) }) : t('sale.receipt'));

  if (!store) return <p>{t('noStore')}</p>;
  if (sale.isPending) return <Spinner label={t('sale.loading')} />;
  if (sale.isError) {
    const error = normalizeError(sale.error);
    return (
      <div role="alert">
        <p>
          {error.status === 404 ? t('sale.notFound') : t('sale.loadFailed', { message: errorText(error) })}
        </p>
        <Link to="/sales">{t('sale.allSales')}</Link>
      </div>
    );
  }
  const data = sale.data;

  const share = async () => {
    const text = receiptText(data, t, te);
    try {
      if (navigator.share) {
        await navigator.share({ title: t('sale.receiptTitle', { number: formatSaleNumber(data.number) }), text });
        return;
      }
      await navigator.clipboard.writeText(text);
      notifyCopied();
    } catch (error) {
      // The share sheet closed without sharing: nothing to say.
      if ((error as Error)?.name === 'AbortError') return;
      try {
        await navigator.clipboard.writeText(text);
        notifyCopied();
      } catch (copyError) {
        notifyFailed((copyError as Error)?.message ?? '');
      }
    }
  };
  const notifyCopied = () => notify.success(t('sale.copied'));
  const notifyFailed = (message: string) => notify.error(t('sale.copyFailed', { message }));

  return (
    <div className="receipt-page">
      <style>{`@media print { ${pageRule[paper]} }`}</style>
      <div className="receipt-tools" role="group" aria-label={t('sale.receipt')}>
        <SelectField
          label={t('sale.paper')}
          value={paper}
          onChange={(e) => setParams({ paper: e.target.value }, { replace: true })}
          options={[
            { value: 'a4', label: t('sale.paperA4') },
            { value: '80', label: t('sale.paperRoll', { width: 80 }) },
            { value: '58', label: t('sale.paperRoll', { width: 58 }) },
          ]}
        />
        <Button onClick={() => window.print()}>{t('sale.print')}</Button>
        <Button variant="secondary" onClick={() => void share()}>
          {t('sale.share')}
        </Button>
        {data.shop && <ReceiptWhatsApp storeId={store.id} saleId={data.id} />}
        <Link to="/sales/new">{t('sale.newSale')}</Link>
        <Link to="/sales">{t('sale.allSales')}</Link>
      </div>

      <Receipt sale={data} paper={paper} />

      {/* No profit here, for anyone: the customer reads this screen over the counter
          (docs/decisions.md, "Profit stays off the receipt screen"). */}
      <section className="receipt-internal" aria-label={t('sale.thisSale')}>
        {data.shop && <ReceiptSmsStatus storeId={store.id} saleId={data.id} />}
        {data.reversals.length > 0 && <Reversals sale={data} />}
        {canManageStock(store.role) && (
          <div className="sale__pay-buttons">
            {data.canVoid && (
              <Button variant="danger" onClick={() => setDialog('void')}>
                {t('sale.void')}
              </Button>
            )}
            {(data.status === 'completed' || data.status === 'partly_returned') && (
              <Button variant="secondary" onClick={() => setDialog('return')}>
                {t('sale.returnItems')}
              </Button>
            )}
          </div>
        )}
      </section>
      {dialog === 'void' && <VoidModal storeId={store.id} sale={data} onClose={() => setDialog(null)} />}
      {dialog === 'return' && <ReturnModal storeId={store.id} sale={data} onClose={() => setDialog(null)} />}
    </div>
  );
}

function Reversals({ sale }: { sale: Sale }) {
  const t = useT(ns);
  return (
    <div>
      <h3>{t('sale.reversals')}</h3>
      <ul className="receipt-reversals">
        {sale.reversals.map((r, i) => (
          <li key={i}>
            <p>{t(`sale.reversal_${r.kind}`, { user: r.userName, date: formatDateTime(r.createdAt) })}</p>
            <ul>
              {r.lines.map((line) => (
                <li key={line.lineId}>
                  {formatItemName(line.itemName)} × {formatCount(line.quantity)} ({formatTk(line.amount)})
                </li>
              ))}
              {r.refunds.map((refund, j) => (
                <li key={`refund-${j}`}>
                  {t('sale.refund', {
                    amount: formatTk(refund.amount),
                    method: t(`method_${refund.method}`),
                  })}
                </li>
              ))}
              {r.dueDelta !== 0 && <li>{t('sale.dueDelta', { amount: formatTk(r.dueDelta) })}</li>}
            </ul>
            {r.note && <p className="ds-muted">{r.note}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Manager and up, the same day: reversing entries put stock, money and due back. */
function VoidModal({ storeId, sale, onClose }: { storeId: string; sale: Sale; onClose: () => void }) {
  const t = useT(ns);
  const [key] = useState(newIdempotencyKey);
  const { values, setErrors, field } = useFormState({ note: '' });
  const voidSale = useVoidSale(storeId, sale, key);
  return (
    <FormModal
      title={t('sale.voidTitle', { number: formatSaleNumber(sale.number) })}
      onClose={onClose}
      onSubmit={() =>
        voidSale.mutate(
          { note: values.note.trim() || null },
          formCallbacks(setErrors, {
            message: (result) =>
              t(isQueued(result) ? 'sale.voidSavedOffline' : 'sale.voided', { number: formatSaleNumber(sale.number) }),
            then: onClose,
          }),
        )
      }
      submitLabel={t('sale.void')}
      pendingLabel={t('sale.finishing')}
      submitVariant="danger"
      pending={voidSale.isPending}
    >
      <Banner tone="warning">{t('sale.voidBody')}</Banner>
      <TextField label={t('sale.voidReason')} maxLength={300} {...field('note')} />
    </FormModal>
  );
}

/** Manager and up, any day: some lines (or part of them) come back as reversing entries. */
function ReturnModal({ storeId, sale, onClose }: { storeId: string; sale: Sale; onClose: () => void }) {
  const t = useT(ns);
  const schemas = useLazySchema(() => import('../schemas'));
  const [key] = useState(newIdempotencyKey);
  const open = sale.lines.filter((line) => line.quantity > line.returnedQuantity);
  const [counts, setCounts] = useState<Record<number, string>>({});
  const { values, errors, setErrors, field, check } = useFormState({ refundMethod: 'cash' as SalePaymentMethod, note: '' });
  const returnSale = useReturnSale(storeId, sale, key);
  const onSubmit = async () => {
    const lines = open
      .map((line) => ({ lineId: line.id, quantity: parseNumber(counts[line.id]) ?? 0 }))
      .filter((line) => line.quantity > 0);
    if (lines.length === 0) return setErrors({ lines: t('sale.nothingToReturn') });
    const checked = check((await schemas()).returnSaleBodySchema, {
      lines,
      refundMethod: values.refundMethod,
      note: values.note.trim() || null,
    });
    if (!checked) return;
    returnSale.mutate(
      checked,
      formCallbacks(setErrors, {
        message: (result) =>
          t(isQueued(result) ? 'sale.returnSavedOffline' : 'sale.returned', { number: formatSaleNumber(sale.number) }),
        then: onClose,
      }),
    );
  };
  const lineError = (index: number) =>
    Object.entries(errors).find(([f]) => f.startsWith(`lines.${index}.`))?.[1];
  return (
    <FormModal
      title={t('sale.returnTitle', { number: formatSaleNumber(sale.number) })}
      onClose={onClose}
      onSubmit={onSubmit}
      action="record"
      pending={returnSale.isPending}
    >
      <p className="ds-muted">{t('sale.returnBody')}</p>
      {open.map((line, index) => {
        const max = line.quantity - line.returnedQuantity;
        const name = line.tradeType
          ? t('sale.lineOf', { name: formatItemName(line.itemName), type: t(`sale.${line.tradeType}`) })
          : formatItemName(line.itemName);
        return (
          <NumberField
            key={line.id}
            label={t('sale.returnQuantity', { name, max: formatCount(max) })}
            min={0}
            max={max}
            step={1}
            value={counts[line.id] ?? ''}
            error={lineError(index)}
            onChange={(e) => setCounts((c) => ({ ...c, [line.id]: e.target.value }))}
          />
        );
      })}
      {!sale.shop && (
        <SelectField
          label={t('sale.refundMethod')}
          {...field('refundMethod')}
          options={SALE_PAYMENT_METHODS.map((m) => ({ value: m, label: t(`method_${m}`) }))}
        />
      )}
      <TextField label={t('sale.voidReason')} maxLength={300} {...field('note')} />
      {errors.lines && (
        <p role="alert" className="ds-error-text">
          {errors.lines}
        </p>
      )}
    </FormModal>
  );
}

export default ReceiptPage;
