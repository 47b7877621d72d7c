import { memo, useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { cellProps, type DataColumn } from '@mojud/design-system';

/** A column of the item lists: the design system's, with any heading. */
export type Column<T> = Omit<DataColumn<T>, 'header'> & { header: ReactNode };

/** A first guess; each rendered row is then measured. */
const ROW_HEIGHT = 44;
/** Below this many rows a plain table is simpler and every row is in the page (and in tests). */
const VIRTUAL_FROM = 100;

type RowProps<T> = {
  item: T;
  index: number;
  columns: Column<T>[];
  /** In a long list: lets the virtualizer measure the row (buttons may wrap onto a second line). */
  measure?: (row: HTMLTableRowElement | null) => void;
};

const Row = memo(function Row<T>({ item, index, columns, measure }: RowProps<T>) {
  return (
    <tr ref={measure} data-index={measure ? index : undefined}>
      {columns.map((c) => (
        <td key={c.key} {...cellProps(c)}>
          {c.cell(item, index)}
        </td>
      ))}
    </tr>
  );
}) as <T>(props: RowProps<T>) => ReactNode;

/** A table of items; long lists render only the rows in view so 1,000 items stay smooth. */
export function ItemTable<T extends { id: string }>({ items, columns, label }: { items: T[]; columns: Column<T>[]; label: string }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = items.length >= VIRTUAL_FROM;
  const virtualizer = useVirtualizer({
    count: virtual ? items.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const rows = virtual ? virtualizer.getVirtualItems() : null;
  const top = rows && rows.length > 0 ? rows[0].start : 0;
  const bottom = rows && rows.length > 0 ? virtualizer.getTotalSize() - rows[rows.length - 1].end : 0;
  return (
    // A long list scrolls in its own box: the box takes focus and a name so a keyboard can scroll it.
    <div
      ref={scrollRef}
      className={`ds-table-wrap${virtual ? ' inv-scroll' : ''}`}
      {...(virtual ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
      <table className="ds-table ds-table--cards inv-table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.numeric ? 'ds-num' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {top > 0 && <tr style={{ height: top }} aria-hidden="true" />}
          {rows
            ? rows.map((r) => (
                <Row
                  key={items[r.index].id}
                  item={items[r.index]}
                  index={r.index}
                  columns={columns}
                  measure={virtualizer.measureElement}
                />
              ))
            : items.map((item, index) => <Row key={item.id} item={item} index={index} columns={columns} />)}
          {bottom > 0 && <tr style={{ height: bottom }} aria-hidden="true" />}
        </tbody>
      </table>
    </div>
  );
}
