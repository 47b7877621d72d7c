import type { Tx } from '../db/client';
import { appendLedgerEntry } from '../ledger/ledger';
import { SALARY_PAYMENT, createStaff, salaryMonth } from './repository';

/** Two employees for the demo store: a driver paid in part this month, a helper not yet paid. */
export async function seedDemoPeople(tx: Tx, storeId: string, userId: string) {
  const driver = await createStaff(tx, storeId, { name: 'Karim Mia', role: 'Driver', phone: '01712345678', salary: 15000 });
  await createStaff(tx, storeId, { name: 'Sumon Ali', role: 'Helper', phone: '01812345678', salary: 10000 });
  await appendLedgerEntry(tx, {
    storeId,
    kind: SALARY_PAYMENT,
    totalAmount: '5000.00',
    paymentMethod: 'cash',
    staffId: driver,
    month: salaryMonth(),
    userId,
  });
}
