// What the sale screen finds as the seller types: items and customer shops, by the shared search
// rule (libs/domain names.ts: case, Bengali or Latin digits, Bangla or Latin names). A blank
// search finds nothing here: the lists show only what was asked for.
import { itemSearchKey, matchesSearch, searchKey } from '@mojud/design-system';

/** An item by its name (Latin or Bangla) or its kind, in either language ("stove", "চুলা"). */
export function itemMatches(query: string, name: string, kindWords: string): boolean {
  return query.trim() !== '' && matchesSearch(query, `${itemSearchKey(name)} ${searchKey(kindWords)}`);
}

/** A customer shop by its name, its area or its phone, typed with or without spaces and dashes. */
export function shopMatches(query: string, shop: { name: string; phone: string | null; divisionName: string | null }): boolean {
  const phone = searchKey(shop.phone);
  return query.trim() !== '' && matchesSearch(query, `${searchKey(shop.name)} ${searchKey(shop.divisionName)} ${phone} ${phone.replace(/ /g, '')}`);
}
