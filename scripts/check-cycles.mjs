// `npm run check:cycles`: no import cycle in apps/*/src and libs/*/src, module by module (tests
// included) and folder by folder (an area and another, a remote's feature folders: tests left
// out), plus the API's tooling rule. The rules: .dependency-cruiser.mjs and
// .dependency-cruiser.folders.mjs; why: docs/architecture.md. Exits non-zero on any violation.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDeps } from './ensure-deps.mjs';

ensureDeps();

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const sources = ['apps', 'libs'].flatMap((dir) =>
  readdirSync(join(root, dir))
    .map((name) => `${dir}/${name}/src`)
    .filter((src) => existsSync(join(root, src))),
);
const passes = [
  ['modules', '.dependency-cruiser.mjs'],
  ['folders', '.dependency-cruiser.folders.mjs'],
];

let failed = 0;
for (const [name, config] of passes) {
  console.log(`--- ${name} (${config})`);
  const { status } = spawnSync(
    'npx',
    ['depcruise', '--config', config, '--output-type', 'err-long', ...sources],
    {
      cwd: root,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    },
  );
  if (status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
