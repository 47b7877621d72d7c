// Small helpers shared by the benchmarks: statistics, machine facts, and the results file.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const resultsDir = path.join(root, 'bench', 'results');

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** "median (min–max)" with a unit and fixed decimals. */
export function stat(values, unit = '', digits = 0) {
  const f = (v) => v.toFixed(digits);
  return `${f(median(values))}${unit} (${f(Math.min(...values))}–${f(Math.max(...values))})`;
}

export const kib = (bytes) => (bytes / 1024).toFixed(1);

export function machine() {
  const commit = (() => {
    try {
      return execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
    } catch {
      return 'unknown';
    }
  })();
  return {
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    commit,
    cpu: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`,
    memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    node: process.version,
  };
}

/** Each benchmark writes its own section; bench.mjs stitches them into BENCHMARKS.md. */
export function writeSection(name, markdown) {
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, `${name}.md`), markdown.trim() + '\n');
}

export function table(headers, rows) {
  return [
    `| ${headers.join(' | ')} |`,
    `|${headers.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
