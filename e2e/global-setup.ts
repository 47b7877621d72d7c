import { writeDefaultRemotes } from './support/remotes-file';

/** Every run starts from the shell's own remotes.json. */
export default function globalSetup() {
  // Against a server that is already up (E2E_BASE_URL, e.g. the smoke test) there is nothing local to reset.
  if (process.env.E2E_BASE_URL) return;
  writeDefaultRemotes();
}
