import { sql } from 'drizzle-orm';
import { TIME_ZONE } from './repository';

/**
 * The day the demo's history starts (a Dhaka date): the month's first, or a week back when the
 * month is younger than that. A demo started on the 1st to the 7th still has a week of trade
 * (a shop's bank transfer, sales on days that have ended) after its books came over, instead of
 * an empty month.
 */
export const demoFirstDay = sql`least(
  date_trunc('month', app_now() at time zone ${TIME_ZONE}),
  date_trunc('day', app_now() at time zone ${TIME_ZONE}) - interval '7 days')`;

/** When the demo's books came over (openings of money, shops' dues and empties): 9 am on its first day. */
export const demoBooksAt = sql`((${demoFirstDay} + interval '9 hours') at time zone ${TIME_ZONE})`;
