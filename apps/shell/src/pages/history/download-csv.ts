import { api } from '@mojud/api-client';
import type { LedgerFilters } from '../dashboard/api';

/**
 * The CSV needs the bearer token, which a plain link cannot carry: fetch it through the api
 * client (token, refresh and error shape included) and hand the blob to the browser as a file.
 */
export async function downloadTransactionsCsv(storeId: string, filters: LedgerFilters): Promise<void> {
  const response = await api.get<Blob>(`/stores/${storeId}/transactions.csv`, {
    params: filters,
    responseType: 'blob',
  });
  const disposition = String(response.headers['content-disposition'] ?? '');
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'mojud-transactions.csv';
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
