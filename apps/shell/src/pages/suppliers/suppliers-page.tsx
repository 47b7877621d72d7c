// DEALER.md rule 19: the suppliers, what is payable to each, their statements and payments.
// Managers and up (the API refuses staff).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useMoneyAccounts } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { supplierBodySchema, supplierUpdateBodySchema, type Supplier, type SupplierStatementLine } from '@mojud/contracts';
import {
  AmountField,
  Button,
  Card,
  EmptyState,
  formatBrandName,
  formatCount,
  formatDate,
  formatItemName,
  formatPayment,
  formatTk,
  formCallbacks,
  FormModal,
  parseNumber,
  Spinner,
  TextField,
  useFormState,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../../texts';
import { NoStore } from '../dashboard/no-store';
import { supplierQueries, useSaveSupplier } from './api';
import { PayModal } from './pay-modal';
import './texts';
import './suppliers.css';

const failed = (error: unknown) => (error as { message?: string }).message ?? '';

function SupplierFormModal({ storeId, supplier, onClose }: { storeId: string; supplier?: Supplier; onClose: () => void }) {
  const t = useT(ns);
  const form = useFormState({
    name: supplier?.name ?? '',
    phone: supplier?.phone ?? '',
    address: supplier?.address ?? '',
    openingPayable: '',
  });
  const save = useSaveSupplier(storeId);
  const onSubmit = () => {
    const { name, phone, address, openingPayable } = form.values;
    const body = supplier
      ? form.check(supplierUpdateBodySchema, { name, phone, address })
      : form.check(supplierBodySchema, { name, phone, address, openingPayable: openingPayable === '' ? undefined : (parseNumber(openingPayable) ?? Number.NaN) });
    if (!body) return;
    save.mutate(
      { id: supplier?.id, body },
      formCallbacks(form.setErrors, { message: (s: Supplier) => t('suppliers.saved', { name: s.name }), then: onClose }),
    );
  };
  return (
    <FormModal
      title={supplier ? t('suppliers.editTitle', { name: supplier.name }) : t('suppliers.addTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      action={supplier ? 'update' : 'add'}
      pending={save.isPending}
    >
      <TextField label={t('suppliers.name')} required autoComplete="organization" {...form.field('name')} />
      <TextField label={t('suppliers.phone')} type="tel" autoComplete="tel" {...form.field('phone')} />
      <TextField label={t('suppliers.address')} {...form.field('address')} />
      {!supplier && <AmountField label={t('suppliers.openingPayable')} hint={t('suppliers.openingHint')} {...form.field('openingPayable')} />}
    </FormModal>
  );
}

/** /suppliers and /suppliers/:supplierId, one lazy chunk (the first page's byte budget). */
export function SupplierPages() {
  const { '*': rest = '' } = useParams();
  return rest ? <SupplierPage supplierId={rest} /> : <SuppliersPage />;
}

function SuppliersPage() {
  const t = useT(ns);
  const store = useAuthStore(selectCurrentStore);
  const list = useQuery({ ...supplierQueries.list(store?.id ?? ''), enabled: Boolean(store) });
  const [editing, setEditing] = useState<Supplier | 'new' | null>(null);
  if (!store) return <NoStore />;
  return (
    <section className="sup">
      <p className="shell-muted">{t('suppliers.lead')}</p>
      <div className="sup-head">
        <p className="sup-total">
          {t('suppliers.totalPayable')}: {formatTk(list.data?.totalPayable ?? 0)}
        </p>
        <Button onClick={() => setEditing('new')}>{t('suppliers.add')}</Button>
      </div>
      {list.isPending ? (
        <Spinner label={t('suppliers.loading')} />
      ) : list.isError ? (
        <p role="alert">{t('suppliers.failed', { message: failed(list.error) })}</p>
      ) : list.data.suppliers.length === 0 ? (
        <EmptyState title={t('suppliers.none')} />
      ) : (
        <ul className="sup-list" aria-label={t('chrome.suppliers')}>
          {list.data.suppliers.map((s) => (
            <li key={s.id}>
              <span>
                <Link to={`/suppliers/${s.id}`}>{s.name}</Link>
                {s.phone && <small className="shell-muted"> · {s.phone}</small>}
              </span>
              <span className="sup-actions">
                <span>
                  {t('suppliers.payable')}: <strong>{formatTk(s.payable ?? 0)}</strong>
                </span>
                <Button variant="secondary" onClick={() => setEditing(s)} aria-label={t('suppliers.editTitle', { name: s.name })}>
                  {t('suppliers.edit')}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {editing && <SupplierFormModal storeId={store.id} supplier={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

function SupplierPage({ supplierId }: { supplierId: string }) {
  const t = useT(ns);
  const store = useAuthStore(selectCurrentStore);
  const [params, setParams] = useSearchParams();
  const range = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const statement = useQuery({ ...supplierQueries.statement(store?.id ?? '', supplierId, range), enabled: Boolean(store) });
  const accounts = useMoneyAccounts(store?.id ?? '');
  const [paying, setPaying] = useState(false);
  if (!store) return <NoStore />;
  const setParam = (name: string, value: string) =>
    setParams((p) => {
      if (value) p.set(name, value);
      else p.delete(name);
      return p;
    });
  const what = (line: SupplierStatementLine) => {
    if (line.kind === 'opening') return t('suppliers.line_opening');
    // How it was paid (the account's family, in the reader's words: "Paid by bank").
    const account = accounts.find((a) => a.id === line.accountId);
    const from = account && line.paid > 0 ? ` · ${formatPayment(account.family)}` : '';
    if (line.kind === 'payment') return `${t('suppliers.line_payment')}${from}${line.note ? ` · ${line.note}` : ''}`;
    const words = t(line.tradeType === 'package' ? 'suppliers.line_buyPackage' : 'suppliers.line_buy', {
      item: formatItemName(line.item),
      quantity: formatCount(line.quantity ?? 0),
    });
    return `${words}${line.ref ? ` · ${t('suppliers.challan', { ref: line.ref })}` : ''}${from}`;
  };
  const data = statement.data;
  return (
    <section className="sup">
      <Link to="/suppliers">← {t('suppliers.back')}</Link>
      {statement.isPending ? (
        <Spinner label={t('suppliers.loading')} />
      ) : statement.isError || !data ? (
        <p role="alert">{t('suppliers.failed', { message: failed(statement.error) })}</p>
      ) : (
        <>
          <div className="sup-head">
            <h2>{data.supplier.name}</h2>
            <Button onClick={() => setPaying(true)}>{t('suppliers.pay')}</Button>
          </div>
          <p className="sup-total">
            {t('suppliers.payable')}: {formatTk(data.supplier.payable ?? 0)}
          </p>
          <Card title={t('suppliers.statement')}>
            <div className="sup-range">
              <TextField type="date" label={t('suppliers.from')} value={range.from} onChange={(e) => setParam('from', e.target.value)} />
              <TextField type="date" label={t('suppliers.to')} value={range.to} onChange={(e) => setParam('to', e.target.value)} />
            </div>
            {data.lines && data.lines.length > 0 ? (
              <table className="sup-table">
                <thead>
                  <tr>
                    <th scope="col">{t('suppliers.date')}</th>
                    <th scope="col">{t('suppliers.what')}</th>
                    <th scope="col" className="sup-num">{t('suppliers.added')}</th>
                    <th scope="col" className="sup-num">{t('suppliers.paid')}</th>
                    <th scope="col" className="sup-num">{t('suppliers.balance')}</th>
                  </tr>
                </thead>
                <tbody>
                  {range.from && (
                    <tr>
                      <td />
                      <td>{t('suppliers.openingBalance')}</td>
                      <td className="sup-num" />
                      <td className="sup-num" />
                      <td className="sup-num">{formatTk(data.openingBalance ?? 0)}</td>
                    </tr>
                  )}
                  {data.lines.map((line) => (
                    <tr key={line.id}>
                      <td>{formatDate(line.at)}</td>
                      <td>{what(line)}</td>
                      <td className="sup-num">{line.added ? formatTk(line.added) : ''}</td>
                      <td className="sup-num">{line.paid ? formatTk(line.paid) : ''}</td>
                      <td className="sup-num">{formatTk(line.balance)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="shell-muted">{t('suppliers.noLines')}</p>
            )}
            <p className="sup-total">
              {t('suppliers.balance')}: {formatTk(data.balance ?? 0)}
            </p>
          </Card>
          <Card title={t('suppliers.empties')}>
            {data.emptiesHandedOver.length === 0 ? (
              <p className="shell-muted">{t('suppliers.noEmpties')}</p>
            ) : (
              <ul className="sup-list">
                {data.emptiesHandedOver.map((e) => (
                  <li key={e.brand}>
                    <span>{formatBrandName(e.brand)}</span>
                    <strong>{t('suppliers.emptiesCount', { count: formatCount(e.count) })}</strong>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          {paying && <PayModal storeId={store.id} supplier={data.supplier} onClose={() => setPaying(false)} />}
        </>
      )}
    </section>
  );
}
