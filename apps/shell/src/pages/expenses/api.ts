import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import { api, recordWrite } from '@mojud/api-client';
import type { CreateExpenseBody, ExpenseReport, ExpensesResponse } from '@mojud/contracts';

const get = <T,>(url: string, params?: object) => api.get<T>(url, { params }).then((r) => r.data);

/** A month's first and last day (YYYY-MM-DD), for the book's filter. */
export function monthDays(month: string) {
  const [year, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** Under ['stores', storeId], so a sale or an expense refreshes them with the dashboard. */
export const expenseQueries = {
  all: (storeId: string) => ['stores', storeId, 'expenses'] as const,
  book: (storeId: string, month: string) =>
    infiniteQueryOptions({
      queryKey: [...expenseQueries.all(storeId), 'book', month] as const,
      queryFn: ({ pageParam }) =>
        get<ExpensesResponse>(`/stores/${storeId}/expenses`, {
          ...monthDays(month),
          ...(pageParam ? { cursor: pageParam } : {}),
          limit: 50,
        }),
      initialPageParam: 0,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  month: (storeId: string, month: string) =>
    queryOptions({
      queryKey: [...expenseQueries.all(storeId), 'month', month] as const,
      queryFn: () => get<ExpenseReport>(`/stores/${storeId}/reports/expenses`, { month }),
    }),
};

/**
 * Records an expense through the outbox: one key per opening of the form. Confirmed at once
 * (docs/frontend.md): resolves with the entry's key once it is stored on the device; the form
 * follows it (`useConfirmedWrite`) to the server's answer, or its refusal under "Needs attention".
 */
export function useRecordExpense(storeId: string, idempotencyKey: string) {
  return useMutation({
    networkMode: 'always', // the outbox decides about the network, not TanStack
    mutationFn: ({ body, name }: { body: CreateExpenseBody; name: string }) =>
      recordWrite({
        storeId,
        method: 'POST',
        url: `/stores/${storeId}/expenses`,
        body,
        idempotencyKey,
        summary: { kind: 'expense', name, amount: Number(body.amount) },
        editable: [{ field: 'amount', label: 'amount' }],
      }),
  });
}
