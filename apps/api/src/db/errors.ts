/** PostgreSQL's unique_violation (23505), as pg reports it or drizzle wraps it (`cause`). */
export function isUniqueViolation(err: unknown) {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
