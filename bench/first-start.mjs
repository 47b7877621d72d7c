// First start of a fresh clone: scripts/fresh-start.mjs (clone this commit with no
// node_modules, `npm start` alone, until /api/v1/health answers), BENCH_RUNS times (default 3).
// The npm cache is whatever this machine has (warm after any install): the figure is install
// from cache + a build with no Nx cache + first database start, not download time.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { machine, resultsDir, root } from './lib.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const results = [];
for (let i = 0; i < runs; i++) {
  const out = spawnSync('node', [path.join(root, 'scripts', 'fresh-start.mjs')], { cwd: root, encoding: 'utf8' });
  const text = `${out.stdout}${out.stderr}`;
  const total = /answered \/api\/v1\/health after (\d+) s/.exec(text);
  const install = /Dependencies installed in (\d+) s/.exec(text);
  if (out.status !== 0 || !total) throw new Error(`fresh start failed:\n${text.slice(-2000)}`);
  results.push({ total: Number(total[1]), install: install ? Number(install[1]) : NaN });
  console.log(`run ${i + 1}: ${total[1]} s (install ${install?.[1] ?? '?'} s)`);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs) => `${Math.min(...xs)}–${Math.max(...xs)}`;
const totals = results.map((r) => r.total);
const installs = results.map((r) => r.install);
const m = machine();
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(
  path.join(resultsDir, '05-first-start.md'),
  `## First start of a fresh clone

\`node bench/first-start.mjs\` (${m.date}, commit ${m.commit}): a clone with no \`node_modules\`,
\`npm start\` alone until \`/api/v1/health\` answers (scripts/fresh-start.mjs, which .ci/run
also runs). The npm cache was warm (packages come from the local cache, not the network); there
is no Nx cache in a fresh clone, so all five apps build. ${runs} runs, median (min–max).

| step | seconds |
|---|---|
| install (\`npm ci\`, refused here for the lockfile's missing platform builds, then \`npm install\`) | ${median(installs)} (${range(installs)}) |
| whole first start: install, build, embedded PostgreSQL, migrations, demo store, API | ${median(totals)} (${range(totals)}) |

The rest, after the install, is the build of all five apps and the first database start. A
second \`npm start\` skips the install and restores the builds from Nx's cache.
`,
);
