import type { CylinderItem } from '@mojud/contracts';
import { itemSearchKey, matchesSearch } from '@mojud/design-system';

export type CylinderSort = 'name' | 'fullCount' | 'emptyCount' | 'problemCount';
export type SortDir = 'asc' | 'desc';

// Created once: localeCompare with options builds a collator on every call, and a sort of
// 10,000 rows makes about 130,000 calls.
const byBrand = new Intl.Collator('en', { sensitivity: 'base' });
// The tie-break of the count sorts compared with the runtime's default locale and options.
const byBrandDefault = new Intl.Collator();

/** What every sort and search of one fetched list needs, computed once per list. */
interface Prepared {
  /** Position of each item's brand under `byBrand`; equal brands share a rank. */
  brandRank: number[];
  /** The same under `byBrandDefault`. */
  brandRankDefault: number[];
  /** What each item is found by (its name in both scripts, folded: `itemSearchKey`). */
  searchKeys: string[];
  /** Item positions in each sort order asked for so far, by `${sort} ${dir}`. */
  orders: Map<string, number[]>;
}

// Keyed by the fetched array itself: React Query keeps it while the data is unchanged, so
// switching tabs (which remounts the list) or typing never repeats this work.
const cache = new WeakMap<readonly CylinderItem[], Prepared>();

function ranks(items: readonly CylinderItem[], collator: Intl.Collator): number[] {
  const order = items.map((_, i) => i).sort((a, b) => collator.compare(items[a].brandName, items[b].brandName));
  const rank = new Array<number>(items.length);
  let current = 0;
  order.forEach((index, k) => {
    if (k > 0 && collator.compare(items[order[k - 1]].brandName, items[index].brandName) !== 0) current = k;
    rank[index] = current;
  });
  return rank;
}

function prepare(items: readonly CylinderItem[]): Prepared {
  let prepared = cache.get(items);
  if (!prepared) {
    prepared = {
      brandRank: ranks(items, byBrand),
      brandRankDefault: ranks(items, byBrandDefault),
      searchKeys: items.map((i) => itemSearchKey(i.name)),
      orders: new Map(),
    };
    cache.set(items, prepared);
  }
  return prepared;
}

/**
 * Positions of `items` in the order asked for: by brand name (ignoring case and accents), or by
 * a count with ties by brand name ascending. Equal items keep the order they came in, as a
 * stable sort of the items would leave them, in both directions.
 */
function sortedPositions(items: readonly CylinderItem[], prepared: Prepared, sort: CylinderSort, dir: SortDir): number[] {
  const key = `${sort} ${dir}`;
  let order = prepared.orders.get(key);
  if (!order) {
    const sign = dir === 'asc' ? 1 : -1;
    const { brandRank, brandRankDefault } = prepared;
    order = items.map((_, i) => i);
    if (sort === 'name') {
      order.sort((a, b) => sign * (brandRank[a] - brandRank[b]));
    } else {
      const counts = items.map((i) => i[sort]);
      order.sort((a, b) => sign * (counts[a] - counts[b]) || brandRankDefault[a] - brandRankDefault[b]);
    }
    prepared.orders.set(key, order);
  }
  return order;
}

/**
 * Search by the item's name in either script and either digits (`matchesSearch`), then sort. Sorting happens once per list and
 * order; each keystroke only filters the sorted list, which gives the same rows in the same
 * order because the sort is stable.
 */
export function filterAndSort(items: readonly CylinderItem[], search: string, sort: CylinderSort, dir: SortDir): CylinderItem[] {
  const prepared = prepare(items);
  const order = sortedPositions(items, prepared, sort, dir);
  if (!search.trim()) return order.map((i) => items[i]);
  const { searchKeys } = prepared;
  return order.filter((i) => matchesSearch(search, searchKeys[i])).map((i) => items[i]);
}
