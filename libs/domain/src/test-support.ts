// Helpers for this library's own tests (not exported from index.ts).
import { isRefusal, type Refusal } from './refusal';
import type { SaleItem } from './sale';

/** The refusal `run` throws; fails the test when it throws something else or nothing. */
export const refused = (run: () => unknown): Refusal => {
  try {
    run();
  } catch (error) {
    if (isRefusal(error)) return error;
    throw error;
  }
  throw new Error('not refused');
};

/** The `itemOf` a sale or trade takes, over a fixed list of items. */
export const itemLookup = (items: SaleItem[]) => (type: string, id: string) => items.find((i) => i.type === type && i.id === id);
