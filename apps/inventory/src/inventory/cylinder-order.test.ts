import { describe, expect, it } from 'vitest';
import type { CylinderItem } from '@mojud/contracts';
import { itemSearchKey, matchesSearch } from '@mojud/domain';
import { filterAndSort, type CylinderSort, type SortDir } from './cylinder-order';

/** The list's order as it was first written (localeCompare on every comparison), searched item by item. */
function reference(items: CylinderItem[], search: string, sort: CylinderSort, dir: SortDir) {
  const found = items.filter((i) => matchesSearch(search, itemSearchKey(i.name)));
  const sign = dir === 'asc' ? 1 : -1;
  return [...found].sort((a, b) =>
    sort === 'name'
      ? sign * a.brandName.localeCompare(b.brandName, 'en', { sensitivity: 'base' })
      : sign * (a[sort] - b[sort]) || a.brandName.localeCompare(b.brandName),
  );
}

// Names that tie under one collator and not the other: case, accents, repeats.
const BRANDS = ['Omera', 'omera', 'Oméra', 'Bashundhara', 'bashundhara', 'Jamuna', 'G-Gas', 'Gas', 'Ångström', 'Zeta', 'zeta', 'Beximco'];

function items(count: number, seed: number): CylinderItem[] {
  let s = seed;
  const random = (n: number) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % n;
  };
  return Array.from({ length: count }, (_, i) => {
    const brandName = `${BRANDS[random(BRANDS.length)]}${random(3) === 0 ? ` ${random(5)}` : ''}`;
    return {
      id: `id-${i}`,
      brandId: `brand-${i}`,
      brandName,
      logoColor: '#123456',
      name: `${brandName} 12 kg 22 mm`,
      price: 1000 + random(500),
      fullCount: random(4),
      emptyCount: random(4),
      problemCount: random(2),
      size: 12,
      regulatorType: 22,
    } as CylinderItem;
  });
}

const ids = (list: CylinderItem[]) => list.map((i) => i.id);

describe('filterAndSort', () => {
  const sorts: CylinderSort[] = ['name', 'fullCount', 'emptyCount', 'problemCount'];
  const searches = ['', 'om', 'OM', ' omera ', 'oméra', 'gas', '12 kg', 'zeta 3', 'nothing', 'বসুন্ধরা ১২', 'bash 12'];

  it('gives the same rows in the same order as comparing with localeCompare each time', () => {
    for (const seed of [1, 2, 3]) {
      const list = items(300, seed);
      for (const sort of sorts) {
        for (const dir of ['asc', 'desc'] as const) {
          for (const search of searches) {
            expect(ids(filterAndSort(list, search, sort, dir)), `${seed} ${sort} ${dir} "${search}"`).toEqual(ids(reference(list, search, sort, dir)));
          }
        }
      }
    }
  });

  it('keeps the order items came in when they tie, in both directions', () => {
    const list = items(50, 7).map((i) => ({ ...i, brandName: 'Omera', name: 'Omera 12 kg 22 mm', fullCount: 1 }));
    expect(ids(filterAndSort(list, '', 'name', 'asc'))).toEqual(ids(list));
    expect(ids(filterAndSort(list, '', 'name', 'desc'))).toEqual(ids(list));
    expect(ids(filterAndSort(list, '', 'fullCount', 'desc'))).toEqual(ids(list));
  });

  it('does not change the list it is given, and answers a new list for new data', () => {
    const list = items(20, 9);
    const before = ids(list);
    filterAndSort(list, 'om', 'fullCount', 'desc');
    expect(ids(list)).toEqual(before);
    const changed = list.map((i, k) => ({ ...i, fullCount: k }));
    expect(ids(filterAndSort(changed, '', 'fullCount', 'asc'))).toEqual(ids(changed));
  });
});
