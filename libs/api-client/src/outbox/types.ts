// What the outbox keeps: a queued write and its entry (outbox.ts), and what its effects on
// the counts are (effects.ts).
import type { ApiError } from '../errors';

/** What a list of queued entries shows of one, in any language: the flow names its words. */
export interface OutboxSummary {
  /** A key of the shell's `outbox` texts, e.g. `sale`, `duePayment`. */
  kind: string;
  /** An item, shop or person the entry is about. */
  name?: string;
  quantity?: number;
  amount?: number;
}

/** How a queued entry changes a count the inventory shows, until the server has it. */
export interface OutboxEffect {
  itemId: string;
  full?: number;
  empty?: number;
  stock?: number;
  problem?: number;
}

/** A number in the body that "Edit and retry" lets the person change (a top-level field). */
export interface OutboxEditable {
  field: string;
  /** A key of the shell's `outbox` texts for its label. */
  label: string;
}

export interface QueuedWrite {
  storeId: string;
  method: 'POST' | 'PATCH' | 'PUT';
  /** Relative to the API base, as for `api.post`. */
  url: string;
  params?: Record<string, string | number | boolean | undefined>;
  body: unknown;
  /** Made when the person pressed the button (one per modal opening): a retry records it once. */
  idempotencyKey: string;
  summary: OutboxSummary;
  effects?: OutboxEffect[];
  editable?: OutboxEditable[];
}

export interface OutboxEntry extends QueuedWrite {
  seq: number;
  userId: string;
  createdAt: number;
  status: 'pending' | 'refused';
  attempts: number;
  /** The server's refusal, for "Needs attention". */
  error?: ApiError;
}
