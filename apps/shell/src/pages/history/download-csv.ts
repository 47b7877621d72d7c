import { downloadCsv } from '@mojud/api-client';
import type { LedgerFilters } from '../dashboard/api';

/** The history's entries of these filters as a CSV file, its header line in the reader's language. */
export function downloadTransactionsCsv(storeId: string, filters: LedgerFilters): Promise<void> {
  return downloadCsv(`/stores/${storeId}/transactions.csv`, filters, 'mojud-transactions.csv');
}
