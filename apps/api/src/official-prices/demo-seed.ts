import { sql } from 'drizzle-orm';
import { fillOfficialPrices, toPoisha, toTaka } from '@mojud/domain';
import type { Tx } from '../db/client';
import { TIME_ZONE } from '../ledger/repository';
import { addOfficialPrice, cylinderSizes } from './repository';

/** BERC's figures the demo uses: Tk 1,450 for 12 kg, Tk 120.83 a kg (1,450 ÷ 12). */
const DEMO_FIGURES = { perKg: 120.83, twelveKg: 1450 };

/**
 * The demo store's official price book: BERC's figures in force now, from 6 pm on the 2nd
 * (BERC's usual day) of this month, or of last month before this month's 2nd at 6 pm; each of the
 * store's sizes filled from them. Entered after the seeded sales, so those keep no official
 * price, as sales made before a store kept its book.
 */
export async function seedDemoOfficialPrices(tx: Tx, storeId: string, userId: string) {
  // 42 hours back from the 2nd at 6 pm is the month's start: before then, last month's 2nd.
  const { rows } = await tx.execute(sql`
    select to_char(date_trunc('month', (app_now() at time zone ${TIME_ZONE}) - interval '42 hours') + interval '1 day', 'YYYY-MM-DD') as day`);
  const prices = fillOfficialPrices(await cylinderSizes(tx, storeId), { perKg: toPoisha(DEMO_FIGURES.perKg), twelveKg: toPoisha(DEMO_FIGURES.twelveKg) })
    .filter((p): p is { size: number; price: number } => p.price !== null)
    .map((p) => ({ size: p.size, price: toTaka(p.price) }));
  await addOfficialPrice(tx, storeId, userId, { date: (rows[0] as { day: string }).day, time: '18:00', ...DEMO_FIGURES, prices });
}
