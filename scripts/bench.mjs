// `npm run bench`: every benchmark, one after another (they would disturb each other in
// parallel), then BENCHMARKS.md from their sections. `npm run bench -- api` runs one.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { machine, resultsDir, root } from '../bench/lib.mjs';

const benches = ['first-start', 'build', 'pages', 'offline', 'taps', 'api', 'reports', 'overview', 'shop-import', 'soak', 'scale'].filter((b) => fs.existsSync(path.join(root, 'bench', `${b}.mjs`)));
const only = process.argv.slice(2);
for (const b of benches) {
  if (only.length && !only.includes(b)) continue;
  console.log(`\n=== bench: ${b}`);
  execFileSync('node', [path.join(root, 'bench', `${b}.mjs`)], { stdio: 'inherit', cwd: root });
}

const m = machine();
const out = path.join(root, 'BENCHMARKS.md');
// A run of some benchmarks only keeps the date of the last full run; those sections name their own.
const lastFull = only.length && fs.existsSync(out) ? /^Produced by .*$/m.exec(fs.readFileSync(out, 'utf8'))?.[0] : undefined;
const sections = fs.existsSync(resultsDir)
  ? fs.readdirSync(resultsDir).filter((f) => f.endsWith('.md')).sort().map((f) => fs.readFileSync(path.join(resultsDir, f), 'utf8'))
  : [];
const intro = fs.existsSync(path.join(root, 'bench', 'INTRO.md')) ? fs.readFileSync(path.join(root, 'bench', 'INTRO.md'), 'utf8') : '';
fs.writeFileSync(
  out,
  `# Benchmarks

${lastFull ?? `Produced by \`npm run bench\` on ${m.date}, commit ${m.commit}, ${m.cpu}, ${m.memory}, Node ${m.node}.`}
Benchmarks report; they never fail tests (byte budgets, which are deterministic, are checked in \`npm test\`).

${intro}
${sections.join('\n')}`,
);
console.log('\nBENCHMARKS.md written');
