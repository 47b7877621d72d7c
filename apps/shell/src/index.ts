// Remote discovery starts at once, so remotes.json, the current route's remote manifest and its
// chunks download beside the shell's own chunks instead of after the sign-in check. This module
// and the loader use no shared module (React and friends), so they need no async boundary.
import { startFederation } from './federation/remote-loader';

void startFederation();

// The async boundary Module Federation needs before shared modules are used.
import('./bootstrap');
