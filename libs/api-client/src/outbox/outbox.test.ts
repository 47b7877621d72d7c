import 'fake-indexeddb/auto';
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@mojud/auth';
import { api } from '../client';
import { pendingEffects } from './effects';
import { closeOutbox, discard, enqueue, listOutbox, OUTBOX_DB, recordWrite, retry, submitWrite, syncOutbox, watchEntry, type EntryState, type QueuedWrite } from './outbox';

type Reply = { status: number; data?: unknown } | 'network';
const sent: { url: string; key: string; body: unknown }[] = [];
const originalAdapter = api.defaults.adapter;

/** A fake server behind the real axios instance; it sees each request's Idempotency-Key. */
function serve(handler: (config: InternalAxiosRequestConfig) => Reply) {
  const adapter: AxiosAdapter = async (config) => {
    const reply = handler(config);
    if (reply === 'network') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    sent.push({ url: config.url ?? '', key: String(config.headers['Idempotency-Key']), body: JSON.parse(String(config.data)) });
    const response = { data: reply.data, status: reply.status, statusText: '', headers: {}, config };
    if (reply.status >= 400) throw new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, null, response);
    return response;
  };
  api.defaults.adapter = adapter;
}

const sale = (n: number, extra: Partial<QueuedWrite> = {}): QueuedWrite => ({
  storeId: 's1',
  method: 'POST',
  url: '/stores/s1/cylinders/sell',
  body: { id: 'c1', quantity: n },
  idempotencyKey: `sale-${n}`,
  summary: { kind: 'sale', name: 'Bashundhara 12 kg', quantity: n },
  effects: [{ itemId: 'c1', full: -n, empty: n }],
  ...extra,
});

const signIn = (id: string) => {
  useAuthStore.getState().setUser({ id, email: `${id}@example.com`, username: id, firstName: null, lastName: null });
  useAuthStore.getState().setAccessToken('token');
};

beforeEach(async () => {
  sent.length = 0;
  await closeOutbox();
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(OUTBOX_DB);
    request.onsuccess = request.onerror = () => resolve();
  });
  signIn('u1');
});
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  useAuthStore.getState().clearUser();
});

describe('the outbox', () => {
  it('keeps writes made offline across a reload and sends them once, in order, with the keys made at the press', async () => {
    serve(() => 'network');
    for (const n of [1, 2, 3]) expect(await submitWrite(sale(n))).toEqual({ queued: true });
    expect(sent).toEqual([]);
    // A reload: a new connection finds the same entries.
    await closeOutbox();
    expect((await listOutbox()).map((e) => e.summary.quantity)).toEqual([1, 2, 3]);

    serve(() => ({ status: 200, data: { success: true } }));
    expect(await syncOutbox()).toMatchObject({ sent: 3, refused: 0, left: 0 });
    expect(sent.map((s) => s.key)).toEqual(['sale-1', 'sale-2', 'sale-3']);
    expect(await listOutbox()).toEqual([]);
    // Nothing left to send twice.
    await syncOutbox();
    expect(sent).toHaveLength(3);
  });

  it('a refused entry goes to "Needs attention" with the server\'s words and does not block the ones behind it', async () => {
    await enqueue(sale(1));
    await enqueue(sale(2));
    await enqueue(sale(3));
    serve((config) =>
      (config.data as string).includes('"quantity":2')
        ? { status: 409, data: { message: 'Only 1 full left', code: 'stock.notEnoughFull', params: { available: 1 } } }
        : { status: 200, data: {} },
    );
    expect(await syncOutbox()).toMatchObject({ sent: 2, refused: 1 });
    const [refused] = await listOutbox();
    expect(refused).toMatchObject({ status: 'refused', idempotencyKey: 'sale-2', error: { status: 409, code: 'stock.notEnoughFull', message: 'Only 1 full left' } });
    // A refused entry is not sent again by itself, and changes no count any more.
    await syncOutbox();
    expect(sent).toHaveLength(3);
    expect(pendingEffects(await listOutbox(), 's1').size).toBe(0);

    // Edit and retry: new numbers, a new key, and then it goes.
    serve(() => ({ status: 200, data: {} }));
    await retry(refused.seq, { quantity: 1 });
    await syncOutbox({ wait: true });
    expect(sent.at(-1)).toMatchObject({ body: { id: 'c1', quantity: 1 } });
    expect(sent.at(-1)!.key).not.toBe('sale-2');
    expect(await listOutbox()).toEqual([]);
  });

  it('stops at an entry the server cannot take yet (still in progress, busy, offline) and keeps the order', async () => {
    await enqueue(sale(1));
    await enqueue(sale(2));
    let busy = true;
    serve(() => (busy ? { status: 409, data: { message: 'still running', code: 'idempotency.inProgress' } } : { status: 200, data: {} }));
    expect(await syncOutbox()).toMatchObject({ sent: 0, refused: 0, left: 2 });
    expect((await listOutbox()).map((e) => [e.status, e.attempts])).toEqual([['pending', 1], ['pending', 0]]);
    serve(() => ({ status: 503, data: {} }));
    await syncOutbox();
    busy = false;
    serve(() => ({ status: 200, data: {} }));
    await syncOutbox();
    expect(sent.filter((s) => s.url.endsWith('sell')).map((s) => s.key).slice(-2)).toEqual(['sale-1', 'sale-2']);
    expect(await listOutbox()).toEqual([]);
  });

  it('online, Save answers as before: the data on success, the refusal rejects and is not kept', async () => {
    serve(() => ({ status: 200, data: { success: true, id: 7 } }));
    expect(await submitWrite(sale(1))).toEqual({ queued: false, data: { success: true, id: 7 } });
    serve(() => ({ status: 403, data: { message: 'Your role does not allow this', code: 'access.role' } }));
    await expect(submitWrite(sale(2))).rejects.toMatchObject({ status: 403, code: 'access.role' });
    expect(await listOutbox()).toEqual([]);
  });

  it("keeps one user's entries for that user: another user signing in neither sees nor sends them", async () => {
    serve(() => 'network');
    await submitWrite(sale(1));
    signIn('u2');
    serve(() => ({ status: 200, data: {} }));
    expect(await listOutbox()).toEqual([]);
    await syncOutbox();
    expect(sent).toEqual([]);
    signIn('u1');
    await syncOutbox();
    expect(sent.map((s) => s.key)).toEqual(['sale-1']);
  });

  it('a form that sends its key again with edited numbers gets a new key: the server would refuse the first key with another body', async () => {
    serve(() => 'network');
    expect(await submitWrite(sale(1))).toEqual({ queued: true });
    // The person changes the quantity and taps again; the form still holds its key.
    expect(await submitWrite(sale(3, { idempotencyKey: 'sale-1' }))).toEqual({ queued: true });
    const entries = await listOutbox();
    expect(entries.map((e) => (e.body as { quantity: number }).quantity)).toEqual([1, 3]);
    expect(entries[0].idempotencyKey).toBe('sale-1');
    expect(entries[1].idempotencyKey).not.toBe('sale-1');

    serve(() => ({ status: 201, data: {} }));
    await syncOutbox();
    expect(sent.map((s) => [s.key, (s.body as { quantity: number }).quantity])).toEqual([
      ['sale-1', 1],
      [entries[1].idempotencyKey, 3],
    ]);
  });

  it('keeps a write the server answers 503 (its database is down), with its key, and sends it when the server is back', async () => {
    serve(() => ({ status: 503, data: { status: 503, code: 'server.databaseDown', message: 'The database is not reachable' } }));
    expect(await submitWrite(sale(2))).toEqual({ queued: true });
    expect(await listOutbox()).toMatchObject([{ idempotencyKey: 'sale-2', status: 'pending', attempts: 1 }]);
    await syncOutbox();
    expect(await listOutbox()).toMatchObject([{ status: 'pending', attempts: 2 }]);

    serve(() => ({ status: 201, data: {} }));
    expect(await syncOutbox()).toMatchObject({ sent: 1, refused: 0, left: 0 });
    expect(sent.map((s) => s.key)).toEqual(['sale-2', 'sale-2', 'sale-2']);
    expect(await listOutbox()).toEqual([]);
  });

  it('the same key queued twice (a double tap) is one entry; discard removes an entry', async () => {
    await enqueue(sale(1));
    await enqueue(sale(1));
    const entries = await listOutbox();
    expect(entries).toHaveLength(1);
    expect(pendingEffects(entries, 's1').get('c1')).toEqual({ full: -1, empty: 1, stock: 0, problem: 0 });
    await discard(entries[0].seq);
    expect(await listOutbox()).toEqual([]);
  });

  describe('a tap confirmed at once (recordWrite)', () => {
    /** Resolves when the entry kept under `key` reaches `status`, with every state seen. */
    const follow = (key: string) => {
      const seen: EntryState[] = [];
      let stop = () => {};
      const reached = (status: EntryState['status']) =>
        new Promise<EntryState>((resolve) => {
          stop = watchEntry(key, (state) => {
            seen.push(state);
            if (state.status === status) resolve(state);
          });
        }).finally(() => stop());
      return { seen, reached };
    };

    it('resolves once the write is stored, before the server answers, then saved with its answer, sent once', async () => {
      let answer: (reply: Reply) => void = () => {};
      const held = new Promise<Reply>((resolve) => (answer = resolve));
      const adapter: AxiosAdapter = async (config) => {
        const reply = await held;
        sent.push({ url: config.url ?? '', key: String(config.headers['Idempotency-Key']), body: JSON.parse(String(config.data)) });
        return { data: (reply as { data?: unknown }).data, status: 201, statusText: '', headers: {}, config };
      };
      api.defaults.adapter = adapter;
      const { key } = await recordWrite(sale(1));
      expect(key).toBe('sale-1');
      // Stored, the server not yet answered: the screen shows it as being saved.
      expect(sent).toEqual([]);
      expect(await listOutbox()).toMatchObject([{ idempotencyKey: 'sale-1', status: 'pending' }]);
      const watched = follow(key);
      const saved = watched.reached('saved');
      answer({ status: 201, data: { sale: { id: 's-9', number: '9' } } });
      expect(await saved).toEqual({ status: 'saved', data: { sale: { id: 's-9', number: '9' } } });
      expect(watched.seen[0]).toEqual({ status: 'saving' });
      expect(await listOutbox()).toEqual([]);
      // The timer's pass finds nothing more to send.
      await syncOutbox({ wait: true });
      expect(sent.filter((s) => s.key === 'sale-1')).toHaveLength(1);
    });

    it('a refusal is kept under "Needs attention" with the server\'s words, never discarded', async () => {
      serve(() => ({ status: 409, data: { message: 'Only 1 full left', code: 'stock.notEnoughFull', params: { available: 1 } } }));
      const { key } = await recordWrite(sale(2));
      const refused = await follow(key).reached('refused');
      expect(refused).toMatchObject({ status: 'refused', error: { status: 409, code: 'stock.notEnoughFull' } });
      expect(await listOutbox()).toMatchObject([{ idempotencyKey: 'sale-2', status: 'refused', error: { code: 'stock.notEnoughFull' } }]);
      // Not sent again by itself.
      await syncOutbox({ wait: true });
      expect(sent).toHaveLength(1);
    });

    it('behind an entry that cannot go yet it shows as waiting, not saving', async () => {
      serve(() => 'network');
      await enqueue(sale(1));
      const { key } = await recordWrite(sale(2));
      expect(await follow(key).reached('waiting')).toEqual({ status: 'waiting' });
      expect(sent).toEqual([]);
    });

    it('offline it waits on the device, and is saved once the network returns', async () => {
      serve(() => 'network');
      const { key } = await recordWrite(sale(3));
      expect(await follow(key).reached('waiting')).toEqual({ status: 'waiting' });
      serve(() => ({ status: 201, data: { ok: true } }));
      const saved = follow(key).reached('saved');
      await syncOutbox({ wait: true });
      expect(await saved).toMatchObject({ status: 'saved' });
      expect(sent.map((s) => s.key)).toEqual(['sale-3']);
    });
  });
});
