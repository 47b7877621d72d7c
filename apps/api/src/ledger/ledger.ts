import type { Tx } from '../db/client';
import { ledgerEntries } from '../db/schema';

export type LedgerEntryInput = Omit<typeof ledgerEntries.$inferInsert, 'id' | 'createdAt'>;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/** Taka as NUMERIC text for the database: exact, never a binary float. */
export const money = (amount: number) => amount.toFixed(2);

/**
 * Appends one immutable ledger entry. Every change of stock or money in any area goes through
 * here, inside the same transaction as the change itself, so the two can never disagree.
 */
export async function appendLedgerEntry(tx: Tx, entry: LedgerEntryInput): Promise<LedgerEntryRow> {
  const [row] = await tx.insert(ledgerEntries).values(entry).returning();
  return row;
}
