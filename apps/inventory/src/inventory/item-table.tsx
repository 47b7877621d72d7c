import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { DataTable, showsCards, type DataColumn } from '@mojud/design-system';

/** A column of the item lists. */
export type Column<T> = DataColumn<T>;

/**
 * A long list's window: a first guess of a row's height (each rendered row is then measured) and
 * how many rows past the box to render, for a table row on a desktop and a card on a phone. Ten
 * cards past a box that shows two would be most of the work of every render of the list.
 */
const TABLE_ROWS = { estimate: 44, overscan: 10 };
const CARDS = { estimate: 280, overscan: 2 };
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
  // Asked at each render: turning a phone sideways resizes the box, which renders the list again,
  // and the rows in it measure themselves again.
  const { estimate, overscan } = showsCards() ? CARDS : TABLE_ROWS;
  const virtualizer = useVirtualizer({
    count: virtual ? items.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimate,
    overscan,
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
