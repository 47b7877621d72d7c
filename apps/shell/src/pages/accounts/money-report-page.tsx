import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { errorText } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import type { MoneyFlow, MoneyReport } from '@mojud/contracts';
import { Button, DataTable, dhakaDay, formatTk, Spinner, TextField, useAccountLabel, useDownload, type DataColumn } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../../texts';
import { NoStore } from '../dashboard/no-store';
import { downloadMoneyCsv, moneyQueries } from './api';
import './accounts.css';
import './texts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
type Row = MoneyFlow & { key: string; name: string };

/**
 * The money picture of any range of Dhaka days (DEALER.md rules 15–18; managers and up, rule 23):
 * each account from its opening to its closing balance, what is owed both ways, and profit.
 */
export function MoneyReportPage() {
  const t = useT(ns);
  const label = useAccountLabel();
  const store = useAuthStore(selectCurrentStore);
  const [params, setParams] = useSearchParams();
  const today = dhakaDay();
  const day = (name: string, fallback: string) => (DAY.test(params.get(name) ?? '') ? params.get(name)! : fallback);
  const from = day('from', `${today.slice(0, 8)}01`);
  const to = day('to', today);
  const valid = from <= to;
  const set = (name: 'from' | 'to', value: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const report = useQuery({ ...moneyQueries.report(store?.id ?? '', { from, to }), enabled: Boolean(store) && valid });
  const { download, downloading } = useDownload(
    () => downloadMoneyCsv(store?.id ?? '', { from, to }),
    (message) => t('money.csvFailed', { message }),
  );
  if (!store) return <NoStore />;

  const columns: DataColumn<Row>[] = [
    { key: 'name', header: t('money.account'), cell: (r) => r.name, rowHeader: true, card: ['title', 'wide'] },
    { key: 'opening', header: t('money.opening'), cell: (r) => formatTk(r.opening), numeric: true, card: 'half' },
    { key: 'in', header: t('money.moneyIn'), cell: (r) => formatTk(r.moneyIn), numeric: true, card: 'half' },
    { key: 'out', header: t('money.moneyOut'), cell: (r) => formatTk(r.moneyOut), numeric: true, card: 'half' },
    { key: 'movedIn', header: t('money.movedIn'), cell: (r) => formatTk(r.movedIn), numeric: true, card: 'half' },
    { key: 'movedOut', header: t('money.movedOut'), cell: (r) => formatTk(r.movedOut), numeric: true, card: 'half' },
    { key: 'closing', header: t('money.closing'), cell: (r) => formatTk(r.closing), numeric: true, card: 'half' },
  ];
  const rows = (data: MoneyReport): Row[] => data.accounts.map((a) => ({ ...a, key: a.account.id, name: label(a.account) }));

  return (
    <section className="money-report" aria-labelledby="money-title">
      <div className="ds-page-header">
        <h2 id="money-title">{t('money.title')}</h2>
        <Link to="/accounts">{t('money.back')}</Link>
      </div>
      <p className="shell-muted">{t('money.lead')}</p>
      <div className="money-report__range">
        <TextField label={t('money.from')} type="date" value={from} onChange={(e) => set('from', e.target.value)} />
        <TextField label={t('money.to')} type="date" value={to} onChange={(e) => set('to', e.target.value)} />
        <Button variant="secondary" onClick={() => void download()} disabled={!valid} loading={downloading}>
          {t('money.csv')}
        </Button>
      </div>
      {!valid ? (
        <p role="alert" className="ds-error-text">
          {t('money.rangeInvalid')}
        </p>
      ) : report.isPending ? (
        <Spinner label={t('money.loading')} />
      ) : report.isError ? (
        <div role="alert">
          <p>{t('money.loadFailed', { message: errorText(report.error) })}</p>
          <Button variant="secondary" onClick={() => void report.refetch()}>
            {t('money.retry')}
          </Button>
        </div>
      ) : (
        <>
          <dl className="money-report__figures">
            {(['receivable', 'payable', 'grossProfit', 'expenses', 'netProfit'] as const).map((key) => (
              <div key={key}>
                <dt>{t(`money.${key}`)}</dt>
                <dd data-testid={`money-${key}`}>{formatTk(report.data[key])}</dd>
              </div>
            ))}
          </dl>
          <DataTable
            label={t('money.title')}
            rows={rows(report.data)}
            footer={[{ ...report.data.totals, key: 'total', name: t('money.total') }]}
            columns={columns}
            rowKey={(r) => r.key}
          />
        </>
      )}
    </section>
  );
}
