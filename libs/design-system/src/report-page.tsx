import type { ReactNode } from 'react';
import { Button } from './button';
import { DataTable, type DataColumn } from './data-table';
import { EmptyState } from './layout';
import { Spinner } from './spinner';

/** A report's CSV: its button's label and the download (useDownload's result). */
export interface ReportCsv {
  label: string;
  download: () => unknown;
  downloading: boolean;
}

export interface ReportPageProps<T> {
  /** The heading's id, which names the page's section. */
  id: string;
  title: string;
  /** A link back to where the report is opened from, beside the heading. */
  back: ReactNode;
  lead: ReactNode;
  /** Fields that choose what the report covers (a month), before the CSV button. */
  controls?: ReactNode;
  csv: ReportCsv;
  /** The rows' query; `ready` false (bad choice in the controls) shows nothing below the toolbar. */
  query: { isPending: boolean; isError: boolean; error: unknown; data: T[] | undefined };
  ready?: boolean;
  loading: string;
  failed: (error: unknown) => ReactNode;
  empty: string;
  columns: DataColumn<T>[];
  rowKey: (row: T) => string;
}

/**
 * A report page: heading with a way back, what it shows, the CSV of the same rows, and the rows
 * as a table (cards on a phone), with what shows while they load, when they fail and when
 * there are none. The CSV waits for rows.
 */
export function ReportPage<T>({ id, title, back, lead, controls, csv, query, ready = true, loading, failed, empty, columns, rowKey }: ReportPageProps<T>) {
  const rows = query.data;
  return (
    <section className="ds-report" aria-labelledby={id}>
      <div className="ds-page-header">
        <h2 id={id}>{title}</h2>
        {back}
      </div>
      <p className="ds-muted">{lead}</p>
      <div className="ds-toolbar">
        {controls}
        <Button variant="secondary" onClick={() => void csv.download()} loading={csv.downloading} disabled={!ready || !rows?.length}>
          {csv.label}
        </Button>
      </div>
      {!ready ? null : query.isPending ? (
        <Spinner label={loading} />
      ) : query.isError || !rows ? (
        <p role="alert" className="ds-error-text">
          {failed(query.error)}
        </p>
      ) : rows.length === 0 ? (
        <EmptyState title={empty} />
      ) : (
        <DataTable rows={rows} columns={columns} rowKey={rowKey} label={title} />
      )}
    </section>
  );
}
