import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { CreateStaffBody, SalaryStatus, UpdateStaffBody } from '@mojud/contracts';
import { salaryRemaining, salaryStatus, takaNumeric, toPoisha, toTaka } from '@mojud/domain';
import type { DbOrTx } from '../db/client';
import { ledgerEntries, staff } from '../db/schema';
import { now } from '../clock';

export const SALARY_PAYMENT = 'salary_payment';

/** The salary month (`YYYY-MM`) a moment falls in, on the shop's clock (Asia/Dhaka). */
export function salaryMonth(at: Date = now()): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dhaka', year: 'numeric', month: '2-digit' }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}`;
}

/** Paid, remaining and status of one month's salary; amounts in Taka, computed in poisha. */
export function salaryFigures(salary: number, paid: number): { remaining: number; salaryStatus: SalaryStatus } {
  const [s, p] = [toPoisha(salary), toPoisha(paid)];
  return { remaining: toTaka(salaryRemaining(s, p)), salaryStatus: salaryStatus(s, p) };
}

/** Live staff of a store (or one of them) with the given month's payments. */
export async function listStaff(db: DbOrTx, storeId: string, month: string, staffId?: string) {
  const rows = await db
    .select({
      id: staff.id,
      name: staff.name,
      role: staff.role,
      phone: staff.phone,
      image: staff.image,
      salary: staff.salary,
      paid: sql<string>`coalesce(sum(${ledgerEntries.totalAmount}) filter (where ${ledgerEntries.month} = ${month}), 0)`,
      lastPaid: sql<Date | null>`max(${ledgerEntries.createdAt})`.mapWith((v) => (v ? new Date(v) : null)),
    })
    .from(staff)
    .leftJoin(
      ledgerEntries,
      and(
        eq(ledgerEntries.staffId, staff.id),
        eq(ledgerEntries.storeId, staff.storeId),
        eq(ledgerEntries.kind, SALARY_PAYMENT),
      ),
    )
    .where(and(eq(staff.storeId, storeId), isNull(staff.deletedAt), staffId ? eq(staff.id, staffId) : undefined))
    .groupBy(staff.storeId, staff.id)
    .orderBy(asc(staff.createdAt), asc(staff.name));
  return rows.map((r) => {
    const salary = Number(r.salary);
    const paid = Number(r.paid);
    return {
      id: r.id,
      name: r.name,
      role: r.role,
      phone: r.phone,
      image: r.image,
      salary,
      paid,
      ...salaryFigures(salary, paid),
      lastPaidDate: r.lastPaid ? r.lastPaid.toISOString() : null,
      month,
    };
  });
}

export async function getStaff(db: DbOrTx, storeId: string, staffId: string, month = salaryMonth()) {
  const [row] = await listStaff(db, storeId, month, staffId);
  return row;
}

export async function createStaff(db: DbOrTx, storeId: string, body: CreateStaffBody) {
  const [row] = await db
    .insert(staff)
    .values({
      storeId,
      name: body.name,
      role: body.role || null,
      phone: body.phone || null,
      ...(body.salary !== undefined && { salary: takaNumeric(body.salary) }),
    })
    .returning({ id: staff.id });
  return row.id;
}

export async function updateStaff(db: DbOrTx, storeId: string, staffId: string, body: UpdateStaffBody) {
  const changes = {
    ...(body.name !== undefined && { name: body.name }),
    ...(body.role !== undefined && { role: body.role || null }),
    ...(body.phone !== undefined && { phone: body.phone || null }),
    ...(body.salary !== undefined && { salary: takaNumeric(body.salary) }),
  };
  // An empty edit changes nothing but still tells whether the person exists.
  if (Object.keys(changes).length === 0) return (await lockLiveStaff(db, storeId, staffId)) !== undefined;
  const rows = await db
    .update(staff)
    .set(changes)
    .where(and(eq(staff.id, staffId), eq(staff.storeId, storeId), isNull(staff.deletedAt)))
    .returning({ id: staff.id });
  return rows.length > 0;
}

/** Soft delete: salary payments stay in the ledger and keep pointing at the row. */
export async function deleteStaff(db: DbOrTx, storeId: string, staffId: string) {
  const rows = await db
    .update(staff)
    .set({ deletedAt: now() })
    .where(and(eq(staff.id, staffId), eq(staff.storeId, storeId), isNull(staff.deletedAt)))
    .returning({ id: staff.id });
  return rows.length > 0;
}

/** Locks the staff row so payments to one person are written one after another. */
export async function lockLiveStaff(db: DbOrTx, storeId: string, staffId: string) {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.storeId, storeId), isNull(staff.deletedAt)))
    .for('update');
  return row;
}

export async function exists(db: DbOrTx, storeId: string, staffId: string) {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.storeId, storeId)))
    .limit(1);
  return Boolean(row);
}

export type PaymentRow = typeof ledgerEntries.$inferSelect;
export const toPayment = (e: PaymentRow) => ({
  id: e.id,
  amount: Number(e.totalAmount),
  paymentMethod: e.paymentMethod,
  accountId: e.accountId,
  month: e.month ?? '',
  ref: e.ref,
  createdAt: e.createdAt.toISOString(),
});

/** Every salary payment to one person, grouped by salary month, newest month first. */
export async function paymentsByMonth(db: DbOrTx, storeId: string, staffId: string) {
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.storeId, storeId), eq(ledgerEntries.staffId, staffId), eq(ledgerEntries.kind, SALARY_PAYMENT)))
    .orderBy(desc(ledgerEntries.month), desc(ledgerEntries.id));
  const months: { month: string; paid: number; payments: ReturnType<typeof toPayment>[] }[] = [];
  for (const row of rows) {
    const p = toPayment(row);
    let m = months.at(-1);
    if (!m || m.month !== p.month) months.push((m = { month: p.month, paid: 0, payments: [] }));
    m.payments.push(p);
    m.paid = toTaka(toPoisha(m.paid) + toPoisha(p.amount));
  }
  return months;
}
