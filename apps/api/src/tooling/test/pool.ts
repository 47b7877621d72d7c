// What the concurrency tests and the chaos runs share: a seeded random source, so a failure can
// be replayed, and a runner with a fixed number of requests in flight.

/** A small deterministic PRNG (a linear congruential generator) over [0, 1). */
export function rng(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}

/** Runs jobs with at most `limit` in flight; results keep the jobs' order. */
export async function inPool<T>(jobs: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]();
      }
    }),
  );
  return results;
}
