import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import { now } from '../clock';
import { seedDemoAccounts } from '../accounts/demo-seed';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { seedDemoInventory } from '../inventory/demo-seed';
import { seedDemoMessages } from '../messages/demo-seed';
import { seedDemoOpenings } from '../opening/demo-seed';
import { seedDemoOfficialPrices } from '../official-prices/demo-seed';
import { seedDemoPaymentDetails, seedDemoPayments } from '../payments/demo-seed';
import { seedDemoShopsAndVehicles } from '../shops/demo-seed';
import { seedDemoPeople } from '../staff/seed';
import { createStore, writeSellingLimit } from '../stores/repository';
import { seedDemoTransfers } from '../transfers/demo-seed';

export const DEMO_LOGIN = { username: 'demo', email: 'demo@mojud.test', password: 'demo-pass-123' };

/** A demo owner with two stores, created once on an empty database so there is something to explore. */
export async function seedDemo(db: Db, opts: { linkBase?: string } = {}): Promise<boolean> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if (n > 0) return false;
  const passwordHash = await hashPassword(DEMO_LOGIN.password);
  await db.transaction(async (tx) => {
    const [owner] = await tx
      .insert(users)
      // The demo's address counts as verified: invitations to it show (migration 0016).
      .values({ username: DEMO_LOGIN.username, email: DEMO_LOGIN.email, passwordHash, firstName: 'Rahim', lastName: 'Uddin', emailVerifiedAt: now() })
      .returning();
    const store = await createStore(tx, owner.id, { name: 'Rahim Gas House', location: 'Mirpur 10, Dhaka', phone: '01711000000' });
    // Staff may round a price down a little at the counter (2 % of the tier, about Tk 28 on a
    // 12 kg refill); more than that needs a manager (DEALER.md rule 14).
    await writeSellingLimit(tx, store.id, { staffBelowTierPercent: 2 });
    await seedDemoAccounts(tx, store.id, owner.id);
    await seedDemoPaymentDetails(tx, store.id);
    await seedDemoShopsAndVehicles(tx, store.id, owner.id);
    await seedDemoPeople(tx, store.id, owner.id);
    // The shops' books came over before the month's first sale, so their khata starts with them.
    await seedDemoInventory(tx, store.id, owner.id, () => seedDemoOpenings(tx, store.id, owner.id));
    await seedDemoOfficialPrices(tx, store.id, owner.id);
    await seedDemoMessages(tx, store.id, owner.id, opts.linkBase ?? 'http://localhost:3000');
    // A shop's bKash payment matched by its code, and one from an unknown number waiting in Unmatched.
    await seedDemoPayments(tx, store.id, owner.id);
    // A second store, started from the first, with stock sent over and more on the way.
    await seedDemoTransfers(tx, store.id, owner.id);
  });
  return true;
}
