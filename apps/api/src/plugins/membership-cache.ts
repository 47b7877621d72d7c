import type { Role } from '@mojud/contracts';

/**
 * Remembers, for a few seconds, a user's role in a store, so that a store-scoped request does
 * not pay a database round trip for the membership check every time (docs/decisions.md,
 * "Membership cache").
 *
 * - Only memberships are remembered, never "not a member": someone who just joined is let in
 *   at once.
 * - Every change of a membership or a store's deletion made through this API calls
 *   `forgetStore` once its transaction has committed, so in this process a removed member is
 *   refused on their very next request.
 * - A lookup that started before such a change must not store what it read (it may have read
 *   the row before the change committed): `generation` tells.
 * - Another process's change arrives by NOTIFY (plugins/invalidation.ts) and calls
 *   `forgetStore` here too; `ttlMs` remains the bound should a notification ever be missed.
 */
export class MembershipCache {
  private readonly stores = new Map<string, Map<string, { role: Role; expires: number }>>();
  private size = 0;
  /** Bumped by every forget; a lookup stores its answer only if no forget happened meanwhile. */
  generation = 0;

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {}

  get(storeId: string, userId: string): Role | undefined {
    if (this.ttlMs <= 0) return undefined;
    const entry = this.stores.get(storeId)?.get(userId);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.stores.get(storeId)!.delete(userId);
      this.size -= 1;
      return undefined;
    }
    return entry.role;
  }

  /** Stores a role read from the database by a lookup that began at `generation`. */
  set(storeId: string, userId: string, role: Role, generation: number): void {
    if (this.ttlMs <= 0 || generation !== this.generation) return;
    // Bounded memory: past the limit start again rather than track ages.
    if (this.size >= this.maxEntries) this.clear();
    let users = this.stores.get(storeId);
    if (!users) this.stores.set(storeId, (users = new Map()));
    if (!users.has(userId)) this.size += 1;
    users.set(userId, { role, expires: Date.now() + this.ttlMs });
  }

  /** A membership of this store changed, or the store was deleted. */
  forgetStore(storeId: string): void {
    this.generation += 1;
    const users = this.stores.get(storeId);
    if (!users) return;
    this.size -= users.size;
    this.stores.delete(storeId);
  }

  clear(): void {
    this.generation += 1;
    this.stores.clear();
    this.size = 0;
  }
}
