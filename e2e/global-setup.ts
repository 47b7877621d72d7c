import { writeDefaultRemotes } from './support/remotes-file';

/** Every run starts from the shell's own remotes.json. */
export default function globalSetup() {
  writeDefaultRemotes();
}
