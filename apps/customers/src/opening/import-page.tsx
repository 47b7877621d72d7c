import { useState } from 'react';
import { downloadCsv, errorText, newIdempotencyKey } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import type { ShopImportProblem, ShopImportResponse, ShopImportRow } from '@mojud/contracts';
import { Banner, Button, type DataColumn, DataTable, formatCount, formatItemName, formatTk, useDocumentTitle, useDownload } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { Link } from '@mojud/router';
import { useImportShops } from './api';
import { ns } from './texts';
import './opening.css';

const MANAGERS = ['owner', 'admin', 'manager'];
/** Rows listed before "and N more": a dry run of 5,000 shops stays a page. */
const SHOWN = 100;
/** The file's text (FileReader: every browser the app supports has it). */
const readText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
const COLUMN_KEYS = ['col_name', 'col_contact', 'col_phone', 'col_address', 'col_area', 'col_due', 'col_empties'] as const;

/**
 * Import shops from a CSV file with their opening balances, export them in the same columns, and
 * download a template (DEALER.md rule 20). A dry run first: what will be added and each bad row
 * by line; importing writes the good rows all together, or none.
 */
export function ImportPage() {
  const t = useT(ns);
  useDocumentTitle(t('importTitle'));
  const store = useAuthStore(selectCurrentStore);
  const storeId = store?.id ?? '';
  const [key, setKey] = useState(newIdempotencyKey);
  const [csv, setCsv] = useState<string | null>(null);
  const [result, setResult] = useState<ShopImportResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const run = useImportShops(storeId, key);
  const template = useDownload(
    () => downloadCsv(`/stores/${storeId}/shops/template.csv`, {}, 'mojud-shops-template.csv'),
    (message) => t('downloadFailed', { message }),
  );
  const exported = useDownload(
    () => downloadCsv(`/stores/${storeId}/shops.csv`, {}, 'mojud-shops.csv'),
    (message) => t('downloadFailed', { message }),
  );
  if (!store) return null;
  const canManage = MANAGERS.includes(String(store.role));

  const send = (text: string, confirm: boolean) =>
    run.mutate(
      { csv: text, confirm },
      {
        onSuccess: (r) => {
          setResult(r);
          setFailure(null);
          // The next file is another import: its own key.
          if (r.imported) setKey(newIdempotencyKey());
        },
        onError: (error) => setFailure(t('fileFailed', { message: errorText(error) })),
      },
    );

  const onFile = async (file: File | undefined) => {
    setResult(null);
    setFailure(null);
    setCsv(file ? await readText(file) : null);
  };

  const problemColumns: DataColumn<ShopImportProblem>[] = [
    { key: 'line', header: t('line'), cell: (p) => formatCount(p.line), numeric: true, card: 'title' },
    // A bad row's reason is coded like an API refusal: said in the reader's language from the error texts.
    { key: 'reason', header: t('reason'), cell: (p) => errorText({ status: 422, code: p.code, params: p.params, message: p.message, errors: null }), card: 'wide' },
  ];
  const rowColumns: DataColumn<ShopImportRow>[] = [
    { key: 'line', header: t('line'), cell: (r) => formatCount(r.line), numeric: true, card: 'badge' },
    { key: 'shop', header: t('shop'), cell: (r) => r.name, card: 'title', rowHeader: true },
    { key: 'area', header: t('area'), cell: (r) => r.area, card: 'half' },
    { key: 'due', header: t('due'), cell: (r) => formatTk(r.due), numeric: true, card: 'half' },
    { key: 'empties', header: t('empties'), cell: (r) => r.empties.map((e) => `${formatCount(e.count)} × ${formatItemName(e.itemName)}`).join(', '), card: 'wide' },
  ];

  return (
    <section className="customers-page" aria-labelledby="import-title">
      <div className="ds-page-header">
        <h2 id="import-title">{t('importTitle')}</h2>
        <Link to="..">{t('backToShops')}</Link>
      </div>
      <p>{t('importLead')}</p>
      <h3>{t('columnsTitle')}</h3>
      <ul className="cust-import__columns">
        {COLUMN_KEYS.map((k) => (
          <li key={k}>{t(k)}</li>
        ))}
      </ul>
      <p className="ds-muted">{t('notesLine')}</p>
      {canManage && (
        <>
          <div className="cust-toolbar__buttons">
            <Button variant="secondary" onClick={() => void template.download()} loading={template.downloading}>
              {t('template')}
            </Button>
            <Button variant="secondary" onClick={() => void exported.download()} loading={exported.downloading}>
              {t('export')}
            </Button>
          </div>
          <div className="cust-import__file">
            <label htmlFor="shop-file">{t('file')}</label>
            <input id="shop-file" type="file" accept=".csv,text/csv" onChange={(e) => void onFile(e.target.files?.[0])} />
            <Button onClick={() => csv !== null && send(csv, false)} disabled={csv === null} loading={run.isPending && !run.variables?.confirm}>
              {run.isPending && !run.variables?.confirm ? t('checking') : t('check')}
            </Button>
          </div>
        </>
      )}
      {failure && <Banner tone="error">{failure}</Banner>}
      {result && (
        <div className="cust-import__result" data-testid="import-result">
          <Banner tone="info">
            <p>{t(result.imported ? 'created' : 'willCreate', { count: result.rows.length, n: formatCount(result.rows.length) })}</p>
            {result.rows.length > 0 && <p>{t('totals', { due: formatTk(result.totalDue), empties: formatCount(result.totalEmpties) })}</p>}
            {result.newAreas.length > 0 && <p>{t('newAreas', { list: result.newAreas.join(', ') })}</p>}
          </Banner>
          {result.problems.length > 0 && (
            <>
              <h3>{t('problemsTitle', { count: result.problems.length, n: formatCount(result.problems.length) })}</h3>
              <DataTable rows={result.problems.slice(0, SHOWN)} columns={problemColumns} rowKey={(p) => `${p.line}`} label={t('problemsTitle', { count: result.problems.length, n: formatCount(result.problems.length) })} />
            </>
          )}
          {result.rows.length > 0 && (
            <DataTable rows={result.rows.slice(0, SHOWN)} columns={rowColumns} rowKey={(r) => `${r.line}`} label={t(result.imported ? 'created' : 'willCreate', { count: result.rows.length, n: formatCount(result.rows.length) })} />
          )}
          {result.rows.length + result.problems.length > SHOWN && <p className="ds-muted">{t('moreRows', { n: formatCount(Math.max(result.rows.length, result.problems.length) - SHOWN) })}</p>}
          {!result.imported &&
            (result.rows.length > 0 ? (
              <Button onClick={() => csv !== null && send(csv, true)} loading={run.isPending && run.variables?.confirm}>
                {run.isPending && run.variables?.confirm ? t('importing') : t('confirm', { n: formatCount(result.rows.length) })}
              </Button>
            ) : (
              <p>{t('nothingToImport')}</p>
            ))}
        </div>
      )}
    </section>
  );
}
