import { memo, type ReactNode, type Ref } from 'react';
import './components.css';

/** A column of a DataTable: its heading, how a row fills its cell, and its place on a phone card. */
export interface DataColumn<T> {
  /** Names the column; each cell carries it as `data-column` (for a spec to find a figure). */
  key: string;
  /** The heading. Plain text also labels the cell on a phone card; anything else (a visually hidden heading) does not. */
  header: ReactNode;
  cell: (row: T, index: number) => ReactNode;
  /** Right-aligned, tabular figures. */
  numeric?: boolean;
  /** Its place on a phone card (`ds-table--cards`), or places (`['title', 'wide']`); a labelled field of the card when absent. */
  card?: CardPlace | readonly CardPlace[];
  /** The row's name (`<th scope="row">`): a screen reader says it with each figure of the row. */
  rowHeader?: boolean;
  /** A class of the column's heading and cells. */
  className?: string;
}

/** Where a cell sits on a phone card: see "Lists on a phone" in docs/frontend.md. */
export type CardPlace = 'title' | 'badge' | 'actions' | 'wide' | 'half' | 'hidden';

/** What a row may carry besides its cells: a name for its card, a class, a test id. */
export interface DataRowProps {
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * The rows of a long list that are in view, as a virtualiser (TanStack Virtual) gives them: only
 * those are rendered, with empty space above and below for the rest, and each row is measured.
 */
export interface DataTableWindow {
  indexes: readonly number[];
  /** Pixels of rows above and below the ones rendered. */
  before: number;
  after: number;
  measure: (row: HTMLTableRowElement | null) => void;
}

export interface DataTableProps<T> {
  rows: readonly T[];
  columns: DataColumn<T>[];
  /** A row's React key (its id; its index for rows that have none). */
  rowKey: (row: T, index: number) => string | number;
  /** The table's name (and its box's, which a keyboard can scroll). */
  label: string;
  className?: string;
  /** A visible title of the table. */
  caption?: ReactNode;
  /** Rows under the list (totals), in `<tfoot>`, their cells filled by the same columns. */
  footer?: readonly T[];
  /** Attributes of each row (keep it stable, like `columns`: rows re-render only when these change). */
  rowProps?: (row: T, index: number) => DataRowProps;
  /** Text wraps in its cell so the table fits a laptop (figures stay on one line); false keeps one line per row. */
  wrap?: boolean;
  /** The box around the table: the page's ref and class for a box that scrolls (a virtualised list). */
  boxRef?: Ref<HTMLDivElement>;
  boxClassName?: string;
  /** Only these rows are rendered (a long list): see DataTableWindow. */
  visible?: DataTableWindow | null;
}

/** The class and card label of a column's cells. */
function cellProps<T>(column: DataColumn<T>) {
  const places: readonly CardPlace[] = typeof column.card === 'string' ? [column.card] : (column.card ?? []);
  const className = [column.numeric && 'ds-num', ...places.map((place) => `ds-card-${place}`), column.className]
    .filter(Boolean)
    .join(' ');
  // Title, badge and actions speak for themselves on a card; every other field names its column.
  const labelled = places.every((place) => place === 'wide' || place === 'half');
  return {
    className: className || undefined,
    'data-label': labelled && typeof column.header === 'string' ? column.header : undefined,
    'data-column': column.key,
  };
}

type RowArgs<T> = {
  row: T;
  index: number;
  columns: DataColumn<T>[];
  rowProps?: (row: T, index: number) => DataRowProps;
  measure?: (row: HTMLTableRowElement | null) => void;
};

// Memoised: typing in a page's search box re-renders the page, not every row of its list.
const DataRow = memo(function DataRow<T>({ row, index, columns, rowProps, measure }: RowArgs<T>) {
  return (
    <tr {...rowProps?.(row, index)} ref={measure} data-index={measure ? index : undefined}>
      {columns.map((column) =>
        column.rowHeader ? (
          <th key={column.key} scope="row" {...cellProps(column)}>
            {column.cell(row, index)}
          </th>
        ) : (
          <td key={column.key} {...cellProps(column)}>
            {column.cell(row, index)}
          </td>
        ),
      )}
    </tr>
  );
}) as <T>(props: RowArgs<T>) => ReactNode;

/**
 * The one list of records: a table on a desktop and one card per row on a phone
 * (`ds-table--cards`), every field labelled, so nothing scrolls sideways and no page writes that
 * markup again. The table sits in a box that a keyboard can focus and scroll, named like the table.
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  label,
  className,
  caption,
  footer,
  rowProps,
  wrap = true,
  boxRef,
  boxClassName,
  visible,
}: DataTableProps<T>) {
  const tableClass = ['ds-table', 'ds-table--cards', wrap && 'ds-table--wrap', className].filter(Boolean).join(' ');
  const row = (index: number, measure?: DataTableWindow['measure']) => (
    <DataRow key={rowKey(rows[index], index)} row={rows[index]} index={index} columns={columns} rowProps={rowProps} measure={measure} />
  );
  return (
    <div ref={boxRef} className={['ds-table-wrap', boxClassName].filter(Boolean).join(' ')} tabIndex={0} role="region" aria-label={label}>
      <table className={tableClass} aria-label={label}>
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={[column.numeric && 'ds-num', column.className].filter(Boolean).join(' ') || undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {visible ? (
            <>
              {visible.before > 0 && <tr style={{ height: visible.before }} aria-hidden="true" />}
              {visible.indexes.map((index) => row(index, visible.measure))}
              {visible.after > 0 && <tr style={{ height: visible.after }} aria-hidden="true" />}
            </>
          ) : (
            rows.map((_, index) => row(index))
          )}
        </tbody>
        {footer && footer.length > 0 && (
          <tfoot>
            {footer.map((total, index) => (
              <DataRow key={rowKey(total, index)} row={total} index={index} columns={columns} rowProps={rowProps} />
            ))}
          </tfoot>
        )}
      </table>
    </div>
  );
}
