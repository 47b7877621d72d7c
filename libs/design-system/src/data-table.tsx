import type { ReactNode } from 'react';
import { Table } from './layout';

/** A column of a DataTable: its heading, how a row fills its cell, and its place on a phone card. */
export interface DataColumn<T> {
  key: string;
  header: string;
  cell: (row: T, index: number) => ReactNode;
  /** Right-aligned, tabular figures. */
  numeric?: boolean;
  /** Its place on a phone card (`ds-table--cards`); a labelled field of the card when absent. */
  card?: 'title' | 'badge' | 'actions' | 'wide' | 'half' | 'hidden';
  className?: string;
}

/** The class and card label of a column's cells, for tables that render their own rows. */
export function cellProps<T>(column: Pick<DataColumn<T>, 'numeric' | 'card' | 'className'> & { header: ReactNode }) {
  const className = [column.numeric && 'ds-num', column.card && `ds-card-${column.card}`, column.className]
    .filter(Boolean)
    .join(' ');
  // Title, badge and actions speak for themselves on a card; every other field names its column.
  const labelled = !column.card || column.card === 'wide' || column.card === 'half';
  return {
    className: className || undefined,
    'data-label': labelled && typeof column.header === 'string' ? column.header : undefined,
  };
}

/**
 * A table described by its columns: a table on a desktop and one card per row on a phone, with
 * every field labelled, so nothing scrolls sideways and no page writes that markup again.
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  label,
  className,
}: {
  rows: readonly T[];
  columns: DataColumn<T>[];
  rowKey: (row: T) => string | number;
  label: string;
  className?: string;
}) {
  return (
    <Table className={['ds-table--cards', 'ds-table--wrap', className].filter(Boolean).join(' ')} aria-label={label}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.key} scope="col" className={column.numeric ? 'ds-num' : undefined}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => (
              <td key={column.key} {...cellProps(column)}>
                {column.cell(row, index)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
