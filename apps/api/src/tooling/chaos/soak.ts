// Soak: mixed traffic at a steady rate (an open model: a request every 1/rate s whether or
// not the earlier ones have answered), counting errors and sampling the API's resident
// memory every 5 s, to show nothing leaks and nothing fails under a long steady load.
import { randomOp, rng, rssMiB, send, sleep, type ApiProcess, type StoreSetup } from './harness';

export interface SoakReport {
  seconds: number;
  rate: number;
  requests: number;
  byKind: Record<string, number>;
  errors: number;
  errorSamples: string[];
  p50: number;
  p99: number;
  max: number;
  /** [seconds since start, MiB] */
  rss: [number, number][];
  rssFirstThird: number;
  rssLastThird: number;
  growthPercent: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] : NaN;
};

/**
 * `seconds` of traffic at `rate` req/s after `warmupSeconds` at the same rate (not sampled:
 * JIT, pool growth and caches settle there). Mix: 30% list the cylinders, 20% summary,
 * 50% trades and payments with Idempotency-Keys (sells, buys, stoves, due payments).
 */
export async function soak(api: ApiProcess, store: StoreSetup, opts: { seconds: number; rate: number; warmupSeconds?: number }): Promise<SoakReport> {
  const random = rng(90_210);
  const latencies: number[] = [];
  const errorSamples: string[] = [];
  const byKind: Record<string, number> = {};
  let errors = 0;
  let n = 0;
  const inFlight = new Set<Promise<void>>();
  const one = async (measure: boolean) => {
    const r = random();
    const started = performance.now();
    let status: number;
    let kind: string;
    let detail = '';
    if (r < 0.3 || r < 0.5) {
      const url = r < 0.3 ? `${store.s}/cylinder-inventory?size=12&regulatorType=22` : `${store.s}/summary?period=${random() < 0.5 ? 'month' : 'today'}`;
      kind = r < 0.3 ? 'list' : 'summary';
      try {
        const res = await fetch(api.base + url, { headers: store.auth, signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        status = res.status;
      } catch (error) {
        status = 0;
        detail = (error as Error).message;
      }
    } else {
      const op = randomOp(store, random, `soak-${Date.now()}-${n}`);
      kind = op.kind;
      const a = await send(api.base, store, op, 10_000);
      status = a.status;
      if ('error' in a) detail = a.error;
    }
    if (!measure) return;
    latencies.push(performance.now() - started);
    byKind[kind] = (byKind[kind] ?? 0) + 1;
    if (status < 200 || status >= 300) {
      errors += 1;
      if (errorSamples.length < 5) errorSamples.push(`${kind} → ${status} ${detail}`);
    }
  };

  const run = async (seconds: number, measure: boolean, onTick?: (elapsed: number) => void) => {
    const interval = 1000 / opts.rate;
    const start = performance.now();
    for (let i = 0; ; i++) {
      const due = start + i * interval;
      if (due - start >= seconds * 1000) break;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      n += 1;
      const p = one(measure).finally(() => inFlight.delete(p));
      inFlight.add(p);
      onTick?.(performance.now() - start);
    }
    await Promise.all(inFlight);
  };

  await run(opts.warmupSeconds ?? 10, false);
  latencies.length = 0;
  const rss: [number, number][] = [[0, rssMiB(api.pid)]];
  let nextSample = 5000;
  await run(opts.seconds, true, (elapsed) => {
    if (elapsed >= nextSample) {
      rss.push([Math.round(elapsed / 1000), rssMiB(api.pid)]);
      nextSample += 5000;
    }
  });
  rss.push([opts.seconds, rssMiB(api.pid)]);
  const third = Math.max(1, Math.floor(rss.length / 3));
  const first = median(rss.slice(0, third).map((r) => r[1]));
  const last = median(rss.slice(-third).map((r) => r[1]));
  return {
    seconds: opts.seconds,
    rate: opts.rate,
    requests: latencies.length,
    byKind,
    errors,
    errorSamples,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
    rss,
    rssFirstThird: first,
    rssLastThird: last,
    growthPercent: ((last - first) / first) * 100,
  };
}
