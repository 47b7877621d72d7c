import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { DataTable, type DataColumn } from '@mojud/design-system';

/** A column of the item lists. */
export type Column<T> = DataColumn<T>;

/** A first guess; each rendered row is then measured. */
const ROW_HEIGHT = 44;
/** Below this many rows a plain table is simpler and every row is in the page (and in tests). */
const VIRTUAL_FROM = 100;

const rowKey = (item: { id: string }) => item.id;

/**
 * A list of items (the design system's DataTable, one line per row); a long list renders only
 * the rows in view, in a box of its own that scrolls, so 1,000 items stay smooth.
 */
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
  const visible = rows && {
    indexes: rows.map((r) => r.index),
    before: rows.length > 0 ? rows[0].start : 0,
    after: rows.length > 0 ? virtualizer.getTotalSize() - rows[rows.length - 1].end : 0,
    measure: virtualizer.measureElement,
  };
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={rowKey}
      label={label}
      className="inv-table"
      wrap={false}
      boxRef={scrollRef}
      boxClassName={virtual ? 'inv-scroll' : undefined}
      visible={visible}
    />
  );
}
