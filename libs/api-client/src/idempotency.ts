/**
 * A fresh `Idempotency-Key` for one user action (one modal opening): a double click or a retried
 * request with the same key records the trade or payment once.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  // randomUUID needs a secure context; a phone on the shop's LAN address may not have one.
  if (c?.randomUUID && globalThis.isSecureContext !== false) return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
