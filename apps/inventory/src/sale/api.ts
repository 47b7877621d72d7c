import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, downloadCsv, QUEUED, recordWrite, submitWrite, vehicleQueries } from '@mojud/api-client';
import type {
  CreateSaleBody,
  MessageText,
  ProfitReport,
  ReceiptPlan,
  ReturnSaleBody,
  Sale,
  SaleResponse,
  SalesQuery,
  SalesResponse,
  VoidSaleBody,
} from '@mojud/contracts';

const salesUrl = (storeId: string) => `/stores/${storeId}/sales`;
const get = <T>(url: string, params?: object) => api.get<T>(url, { params }).then((r) => r.data);

/** How many times a receipt's status is asked again while it is sent but not yet delivered (3 s apart). */
const RECEIPT_POLLS_WHILE_SENT = 40;

/** Under ['stores', storeId] like every store figure, so a sale or a void refreshes them all. */
export const saleQueries = {
  /** A sale's receipt as its SMS says it (or would), with the wa.me link to the shop. */
  receiptText: (storeId: string, saleId: string) =>
    queryOptions({
      queryKey: ['stores', storeId, 'messaging', 'text', 'sale_receipt', saleId] as const,
      queryFn: () =>
        api
          .get<MessageText>(`/stores/${storeId}/messages/text`, { params: { kind: 'sale_receipt', saleId } })
          .then((r) => r.data),
      // The SMS moves from waiting to sent, then to delivered when the gateway reports it: keep
      // asking while it waits, and while it is sent for about two minutes (a gateway that never
      // reports delivery leaves it "sent").
      refetchInterval: (query) => {
        const status = query.state.data?.message?.status;
        if (status === 'queued') return 3_000;
        return status === 'sent' && query.state.dataUpdateCount < RECEIPT_POLLS_WHILE_SENT ? 3_000 : false;
      },
    }),
  /** Whether the store sends a receipt after a sale, how, and whether a service is connected. */
  receiptPlan: (storeId: string) =>
    queryOptions({
      queryKey: ['stores', storeId, 'messaging', 'receipt-plan'] as const,
      queryFn: () => get<ReceiptPlan>(`/stores/${storeId}/messages/receipt-plan`),
      staleTime: 5 * 60_000,
    }),
  all: (storeId: string) => ['stores', storeId, 'sales'] as const,
  list: (storeId: string, filters: SalesQuery) =>
    queryOptions({
      queryKey: [...saleQueries.all(storeId), 'list', filters] as const,
      queryFn: () => get<SalesResponse>(salesUrl(storeId), filters),
    }),
  detail: (storeId: string, saleId: string) =>
    queryOptions({
      queryKey: [...saleQueries.all(storeId), 'detail', saleId] as const,
      queryFn: () => get<SaleResponse>(`${salesUrl(storeId)}/${saleId}`).then((d) => d.sale),
    }),
  profit: (storeId: string, range: { from: string; to: string }) =>
    queryOptions({
      queryKey: ['stores', storeId, 'profit-report', range] as const,
      queryFn: () => get<ProfitReport>(`/stores/${storeId}/reports/profit`, range),
    }),
  /** The vehicles a sale can be made from, with what each carries. */
  vehicles: vehicleQueries.list,
};

/** The profit report as a CSV file, its header line in the reader's language. */
export function downloadProfitCsv(storeId: string, range: { from: string; to: string }) {
  return downloadCsv(`/stores/${storeId}/reports/profit.csv`, range, `profit-${range.from}-${range.to}.csv`);
}

/**
 * Records the sale on the device and resolves with its key at once (docs/frontend.md, "Every
 * tap confirmed at once"): the screen shows the receipt worked out here, marked "Saving…", and
 * follows the entry (`useOutboxEntry`) to the server's receipt, or to its refusal, which waits
 * under "Needs attention". One Idempotency-Key per screen: a retried send records it once.
 */
export function useCreateSale(storeId: string, idempotencyKey: string) {
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({
      body,
      describe,
    }: {
      body: CreateSaleBody;
      describe: { name: string; amount: number };
    }) =>
      recordWrite({
        storeId,
        method: 'POST',
        url: salesUrl(storeId),
        body,
        idempotencyKey,
        summary: {
          kind: 'sale',
          name: describe.name,
          quantity: body.lines.reduce((a, l) => a + l.quantity, 0),
          amount: describe.amount,
        },
        effects: (await import('../inventory/effects')).saleEffects(body),
      }),
  });
}

/**
 * Takes lines of a sale back, or voids it (manager and up). Through the outbox like the sale
 * itself: offline the change waits on the device and this resolves `QUEUED`; the counts it
 * gives back show once the server has it.
 */
export function useReturnSale(storeId: string, sale: Pick<Sale, 'id' | 'number'>, idempotencyKey: string) {
  return useSaleChange<ReturnSaleBody>(storeId, sale, idempotencyKey, 'returns', 'saleReturn');
}

export function useVoidSale(storeId: string, sale: Pick<Sale, 'id' | 'number'>, idempotencyKey: string) {
  return useSaleChange<VoidSaleBody>(storeId, sale, idempotencyKey, 'void', 'saleVoid');
}

function useSaleChange<B>(
  storeId: string,
  sale: Pick<Sale, 'id' | 'number'>,
  idempotencyKey: string,
  path: 'returns' | 'void',
  kind: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (body: B) => {
      const result = await submitWrite<SaleResponse>({
        storeId,
        method: 'POST',
        url: `${salesUrl(storeId)}/${sale.id}/${path}`,
        body,
        idempotencyKey,
        summary: { kind, name: String(sale.number) },
      });
      return result.queued ? QUEUED : result.data.sale;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId] }),
  });
}
