import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearReads, persistReads, READS_DB, READS_MAX_AGE_MS } from './read-cache';

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
const stock = ['stores', 's1', 'items', 'list'] as const;
const shops = ['stores', 's1', 'shops', 'list'] as const;

/** What this device holds: each saved query's key and data. */
async function saved() {
  const db = await openDB(READS_DB);
  const all = (await db.getAll('queries')) as { queryKey: unknown[]; state: { data: unknown } }[];
  db.close();
  return all.map((q) => [q.queryKey, q.state.data]);
}

/** Fetches `key` in `qc` with `data` as the server's answer. */
const fetchAs = (qc: QueryClient, key: readonly unknown[], data: unknown) => qc.fetchQuery({ queryKey: key, queryFn: () => data });

afterEach(async () => {
  await clearReads();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('saved reads', () => {
  it('saves each store read a fetch answers, and a new start shows them before any fetch', async () => {
    const first = client();
    await persistReads(first, 'u1');
    await fetchAs(first, stock, [{ name: 'Bashundhara 12 kg', full: 40 }]);
    await fetchAs(first, ['user', 'me'], { id: 'u1' }); // not a store read: not kept
    await vi.waitFor(async () => expect(await saved()).toEqual([[[...stock], [{ name: 'Bashundhara 12 kg', full: 40 }]]]));

    // The next page starts now: what was saved is older than it.
    vi.spyOn(performance, 'timeOrigin', 'get').mockReturnValue(Date.now());
    const next = client();
    await persistReads(next, 'u1');
    expect(next.getQueryData(stock)).toEqual([{ name: 'Bashundhara 12 kg', full: 40 }]);
    // Shown, but fetched again at once online: a restored answer is never taken as fresh.
    expect(next.getQueryState(stock)?.isInvalidated).toBe(true);
  });

  it('a change saves only the read that changed', async () => {
    const qc = client();
    await persistReads(qc, 'u1');
    await fetchAs(qc, stock, ['a']);
    await fetchAs(qc, shops, ['Karim Traders']);
    await vi.waitFor(async () => expect(await saved()).toHaveLength(2));
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    await qc.fetchQuery({ queryKey: shops, queryFn: () => ['Karim Traders', 'Rahim Store'], staleTime: 0 });
    await vi.waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect((put.mock.calls[0][0] as { queryKey: unknown[] }).queryKey).toEqual([...shops]);
  });

  it('keeps what the page fetched while the saved reads were being restored', async () => {
    const first = client();
    await persistReads(first, 'u1');
    await fetchAs(first, stock, ['old']);
    await vi.waitFor(async () => expect(await saved()).toHaveLength(1));

    const next = client();
    next.setQueryData(stock, ['new'], { updatedAt: Date.now() + 1000 });
    await persistReads(next, 'u1');
    expect(next.getQueryData(stock)).toEqual(['new']);
  });

  it("one user's reads are not another's, figures over a week old are dropped, and sign-out deletes all", async () => {
    const first = client();
    await persistReads(first, 'u1');
    await fetchAs(first, stock, ['u1 stock']);
    await vi.waitFor(async () => expect(await saved()).toHaveLength(1));

    const other = client();
    await persistReads(other, 'u2');
    expect(other.getQueryData(stock)).toBeUndefined();

    vi.useFakeTimers({ now: Date.now() + READS_MAX_AGE_MS + 60_000, toFake: ['Date'] });
    const later = client();
    await persistReads(later, 'u1');
    expect(later.getQueryData(stock)).toBeUndefined();
    vi.useRealTimers();

    const again = client();
    await persistReads(again, 'u1');
    await fetchAs(again, stock, ['fresh']);
    await vi.waitFor(async () => expect(await saved()).toHaveLength(1));
    await clearReads();
    expect(await saved()).toEqual([]);
  });
});
