import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import {
  EMPTIES_COLUMN_PREFIX,
  EMPTIES_COLUMN_PREFIX_BN,
  SHOP_FILE_COLUMNS,
  SHOP_FILE_COLUMNS_BN,
  formatBdMobile,
  shopFileRowSchema,
  type ShopImportProblem,
  type ShopFileColumn,
  type ShopImportResponse,
  type Locale,
} from '@mojud/contracts';
import { itemLabel, sumPoisha, toPoisha, toTaka, type Poisha } from '@mojud/domain';
import type { DbOrTx, Tx } from '../db/client';
import { csvLine } from '../ledger/csv';
import { cylinderItemNames, writeShopOpenings, type OpeningActor } from '../opening/repository';
import { listDivisions, listShops } from './repository';

// Importing shops from a CSV file and exporting them in the same columns (docs/shop-file.md).

const FIELD_OF: Record<ShopFileColumn, 'name' | 'contact' | 'phone' | 'address' | 'area' | 'due'> = {
  name: 'name',
  contact: 'contact',
  phone: 'phone',
  address: 'address',
  'delivery area': 'area',
  'opening due': 'due',
};

interface PlannedShop {
  line: number;
  id: string;
  name: string;
  contact: string | null;
  phone: string | null;
  address: string | null;
  area: string;
  due: Poisha;
  empties: { itemId: string; itemName: string; count: number }[];
}

export interface ImportPlan {
  shops: PlannedShop[];
  problems: ShopImportProblem[];
  /** Areas to create, as first written in the file. */
  newAreas: string[];
}

const key = (name: string) => name.trim().toLocaleLowerCase();

/** A header cell, in English or Bangla, as the column it names. */
const COLUMN_OF = new Map<string, ShopFileColumn>(
  SHOP_FILE_COLUMNS.flatMap((column) => [
    [key(column), column],
    [key(SHOP_FILE_COLUMNS_BN[column]), column],
  ]),
);
/** The item a header names after `empties: ` or `খালি: `, or undefined when it names no empties column. */
const emptiesItemOf = (header: string) =>
  [EMPTIES_COLUMN_PREFIX, EMPTIES_COLUMN_PREFIX_BN]
    .map((prefix) => prefix.trim())
    .some((prefix) => key(header).startsWith(prefix))
    ? header.slice(header.indexOf(':') + 1).trim()
    : undefined;
/** The export's guard against spreadsheet formulas (`'=…`) read back as the text it guarded. */
const unguard = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** A row whose cell the shared schema refused: a code per column, with plain English words. */
const problemOf = (line: number, path: PropertyKey | undefined, message: string, column?: string): ShopImportProblem => {
  const field = String(path ?? 'name');
  if (field === 'phone') return { line, code: 'import.badPhone', message: 'The phone is not a Bangladeshi mobile number' };
  if (field === 'due') return { line, code: 'import.badDue', message: 'The opening due is not an amount in taka' };
  if (field === 'empties') return { line, code: 'import.badEmpties', message: `The empties owed in "${column}" are not a whole number of 0 or more`, params: { column: column ?? '' } };
  if (field === 'name') return { line, code: 'import.badName', message: 'The name is missing or too long' };
  return { line, code: 'import.badCell', message };
};

/**
 * Reads the file and checks every row against the store as it is, writing nothing: the shops
 * to create and each bad row by line and reason. A row is bad when a cell fails the shared
 * schema (a phone that is not a Bangladeshi mobile, a negative due), when it owes empties of an
 * item the store does not have, or when its name repeats a row above or a shop of the store.
 */
export async function planImport(db: DbOrTx, storeId: string, text: string): Promise<ImportPlan> {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes with where it ended in the file (its line).
    records = parse(text, { bom: true, comment: '#', comment_no_infix: true, skip_empty_lines: true, relax_column_count: true, info: true }) as unknown as typeof records;
  } catch (error) {
    const line = typeof (error as { lines?: unknown }).lines === 'number' ? (error as { lines: number }).lines : 1;
    return { shops: [], newAreas: [], problems: [{ line, code: 'import.unreadable', message: 'This is not a CSV file Mojud can read' }] };
  }
  const problems: ShopImportProblem[] = [];
  const [head, ...body] = records;
  if (!head) return { shops: [], newAreas: [], problems: [{ line: 1, code: 'import.empty', message: 'The file has no rows' }] };
  const headers = head.record.map((h) => h.trim());
  const columns = headers.map((h) => COLUMN_OF.get(key(h)));
  if (!columns.includes('name')) {
    return { shops: [], newAreas: [], problems: [{ line: head.info.lines, code: 'import.noNameColumn', message: 'The first row must name the columns, starting with "name"' }] };
  }

  const items = await cylinderItemNames(db, storeId);
  // An empties column names its item as the export wrote it, in English or in Bangla (either digits).
  const itemByName = new Map(
    items.flatMap((i) => [i.name, itemLabel(i.name, 'bn'), itemLabel(i.name, 'bn', { bengaliDigits: false })].map((name) => [key(name), i] as const)),
  );
  const areas = await listDivisions(db, storeId);
  const areaByName = new Map(areas.map((a) => [key(a.name), a.name]));
  const existing = new Set((await listShops(db, storeId, { limit: 1_000_000 })).map((s) => key(s.name)));
  const seen = new Map<string, number>();
  const newAreas = new Map<string, string>();
  const shops: PlannedShop[] = [];

  for (const { record, info } of body) {
    const line = info.lines;
    const cells: Record<string, string> = {};
    const empties: Record<string, string> = {};
    headers.forEach((header, i) => {
      const value = unguard(record[i] ?? '');
      const column = columns[i];
      const item = column ? undefined : emptiesItemOf(header);
      if (column) cells[FIELD_OF[column]] = value;
      else if (item !== undefined) empties[item] = value;
    });
    const parsed = shopFileRowSchema.safeParse({
      name: cells.name ?? '',
      contact: cells.contact ?? '',
      phone: cells.phone ?? '',
      address: cells.address ?? '',
      area: cells.area ?? '',
      due: cells.due ?? '',
      empties,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const [field, column] = issue.path;
      problems.push(
        field === 'due' && /^\s*-/.test(cells.due ?? '')
          ? { line, code: 'import.negativeDue', message: 'Opening due cannot be negative' }
          : problemOf(line, field, issue.message, field === 'empties' ? `${EMPTIES_COLUMN_PREFIX}${String(column)}` : undefined),
      );
      continue;
    }
    const row = parsed.data;
    const owed: PlannedShop['empties'] = [];
    let unknown: string | undefined;
    for (const [itemName, count] of Object.entries(row.empties)) {
      if (count === 0) continue;
      const item = itemByName.get(key(itemName));
      if (!item) {
        unknown = itemName;
        break;
      }
      owed.push({ itemId: item.id, itemName: item.name, count });
    }
    if (unknown !== undefined) {
      problems.push({ line, code: 'import.unknownItem', message: `The store has no item named ${unknown}`, params: { item: unknown } });
      continue;
    }
    const nameKey = key(row.name);
    const firstLine = seen.get(nameKey);
    if (firstLine !== undefined) {
      problems.push({ line, code: 'import.duplicateInFile', message: `${row.name} is also on line ${firstLine}`, params: { name: row.name, other: firstLine } });
      continue;
    }
    seen.set(nameKey, line);
    if (existing.has(nameKey)) {
      problems.push({ line, code: 'import.duplicateInStore', message: `The store already has a shop named ${row.name}`, params: { name: row.name } });
      continue;
    }
    let area = areas[0]?.name ?? 'Area 1';
    if (row.area) {
      const known = areaByName.get(key(row.area)) ?? newAreas.get(key(row.area));
      if (known) area = known;
      else {
        newAreas.set(key(row.area), row.area);
        area = row.area;
      }
    } else if (areas.length === 0) newAreas.set(key(area), area);
    shops.push({ line, id: randomUUID(), name: row.name, contact: row.contact, phone: row.phone, address: row.address, area, due: toPoisha(row.due), empties: owed });
  }
  // Areas only the bad rows named are not created.
  const used = new Set(shops.map((s) => key(s.area)));
  return { shops, problems, newAreas: [...newAreas.entries()].filter(([k]) => used.has(k)).map(([, name]) => name) };
}

/** What the dry run and the import answer. */
export const planAnswer = (plan: ImportPlan, imported: boolean): ShopImportResponse => ({
  imported,
  rows: plan.shops.map((s) => ({
    line: s.line,
    name: s.name,
    phone: s.phone,
    area: s.area,
    due: toTaka(s.due),
    empties: s.empties.map((e) => ({ itemName: e.itemName, count: e.count })),
  })),
  newAreas: plan.newAreas,
  problems: plan.problems,
  totalDue: toTaka(sumPoisha(plan.shops.map((s) => s.due))),
  totalEmpties: plan.shops.reduce((n, s) => n + s.empties.reduce((m, e) => m + e.count, 0), 0),
});

/**
 * Checks the file again and writes every good row in the caller's transaction: new areas, the
 * shops, and their opening entries. An advisory lock keeps two imports into one store from
 * both passing the name checks.
 */
export async function importShops(tx: Tx, actor: OpeningActor, text: string): Promise<ImportPlan> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shop-import'), hashtext(${actor.storeId}))`);
  const plan = await planImport(tx, actor.storeId, text);
  const areaIds = new Map((await listDivisions(tx, actor.storeId)).map((a) => [key(a.name), a.id]));
  for (const name of plan.newAreas) {
    const { rows } = await tx.execute(sql`insert into divisions (store_id, name) values (${actor.storeId}::uuid, ${name}) returning id`);
    areaIds.set(key(name), String((rows[0] as { id: string }).id));
  }
  for (let i = 0; i < plan.shops.length; i += 1000) {
    const values = plan.shops
      .slice(i, i + 1000)
      .map((s) => sql`(${s.id}::uuid, ${areaIds.get(key(s.area))!}::uuid, ${s.name}, ${s.contact}::text, ${s.phone}::text, ${s.address}::text)`);
    await tx.execute(sql`
      insert into shops (store_id, id, division_id, name, contact_name, phone, address)
      select ${actor.storeId}::uuid, v.id, v.division_id, v.name, v.contact_name, v.phone, v.address
      from (values ${sql.join(values, sql`, `)}) as v (id, division_id, name, contact_name, phone, address)`);
  }
  await writeShopOpenings(
    tx,
    actor,
    plan.shops.map((s) => ({ shopId: s.id, balance: { due: s.due, empties: s.empties } })),
  );
  return plan;
}

/** The header: the fixed columns, then one `empties: <item>` per cylinder item of the store, in the reader's language. */
const headerOf = (items: { name: string }[], lang: Locale) =>
  lang === 'bn'
    ? [...SHOP_FILE_COLUMNS.map((c) => SHOP_FILE_COLUMNS_BN[c]), ...items.map((i) => `${EMPTIES_COLUMN_PREFIX_BN}${itemLabel(i.name, 'bn')}`)]
    : [...SHOP_FILE_COLUMNS, ...items.map((i) => `${EMPTIES_COLUMN_PREFIX}${i.name}`)];

/** Every live shop in the file's columns, its due and empties owed now as its opening. */
export async function exportShops(db: DbOrTx, storeId: string, lang: Locale = 'en') {
  const items = await cylinderItemNames(db, storeId);
  const shops = await listShops(db, storeId, { limit: 1_000_000 });
  const rows = shops.map((s) => {
    const owed = new Map(s.emptiesOwed.map((e) => [e.itemId, e.count]));
    return [s.name, s.contactName, s.phone ? formatBdMobile(s.phone) : null, s.address, s.divisionName, s.due, ...items.map((i) => owed.get(i.id) ?? '')];
  });
  return `\uFEFF${csvLine(headerOf(items, lang))}${rows.map(csvLine).join('')}`;
}

const NOTES = [
  ['name', "The shop's name (required, once per store)", 'দোকানের নাম (আবশ্যক, একটি দোকানে একবার)'],
  ['contact', 'The person to ask for', 'যোগাযোগের ব্যক্তির নাম'],
  ['phone', 'A Bangladeshi mobile, like 01711-223344', 'বাংলাদেশি মোবাইল নম্বর, যেমন 01711-223344'],
  ['address', 'Where the shop is', 'দোকানের ঠিকানা'],
  ['delivery area', 'Its area; a new name makes a new area; blank: the first area', 'ডেলিভারি এলাকা; নতুন নাম দিলে নতুন এলাকা হবে; ফাঁকা রাখলে প্রথম এলাকা'],
  ['opening due', 'Money it owes now, in taka (0 or more)', 'এখন কত টাকা বাকি (০ বা বেশি)'],
  ['empties: <item>', 'Empties it owes of that item, one column per item', 'ওই আইটেমের কয়টি খালি সিলিন্ডার পাওনা, প্রতিটি আইটেমের একটি কলাম'],
] as const;

/** The template: notes explaining each column in English and Bangla, the header and one example. */
export async function shopFileTemplate(db: DbOrTx, storeId: string, lang: Locale = 'en') {
  const items = await cylinderItemNames(db, storeId);
  const notes = [
    '# Mojud shop file. Lines starting with # are notes and are not read. / মজুদ দোকানের ফাইল। # দিয়ে শুরু লাইনগুলো নোট, পড়া হয় না।',
    // Each column by both its names: the file may be written with either header.
    ...NOTES.map(([column, en, bn]) => `# ${column} / ${SHOP_FILE_COLUMNS_BN[column as ShopFileColumn] ?? `${EMPTIES_COLUMN_PREFIX_BN}<মাল>`}: ${en} / ${bn}`),
  ].map((n) => `${n.replace(/[\r\n]/g, ' ')}\r\n`);
  const [shop, contact, address] = lang === 'bn' ? ['করিম ট্রেডার্স', 'আব্দুল করিম', 'স্টেশন রোড'] : ['Karim Traders', 'Abdul Karim', 'Station Road'];
  const example = [shop, contact, '01711-223344', address, areaExample(await listDivisions(db, storeId)), 4000, ...items.map((_, i) => (i === 0 ? 2 : ''))];
  return `\uFEFF${notes.join('')}${csvLine(headerOf(items, lang))}${csvLine(example)}`;
}

const areaExample = (areas: { name: string }[]) => areas[0]?.name ?? '';
