import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const remotesFile = () => process.env.E2E_REMOTES_FILE!;

const shellRemotes = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/shell/dist/remotes.json',
);

export function defaultRemotes(): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(shellRemotes, 'utf8'));
}

/** Rewrites the remotes.json the running API serves; takes effect on the next page load. */
export function writeRemotes(remotes: Record<string, unknown>) {
  fs.mkdirSync(path.dirname(remotesFile()), { recursive: true });
  fs.writeFileSync(remotesFile(), JSON.stringify(remotes, null, 2));
}

export function writeDefaultRemotes() {
  writeRemotes(defaultRemotes());
}
