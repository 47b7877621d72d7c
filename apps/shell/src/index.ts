// Remote discovery starts first, so remotes.json (and, on a remote's page, the federation
// runtime, the remote's manifest and its chunks) download beside the shell's own start instead
// of after the sign-in check.
import { startFederation } from './federation/remote-loader';
import { preloadPageAt } from './router';
import './bootstrap';

void startFederation();
// The page's own chunk too, beside the sign-in check rather than after it.
preloadPageAt(window.location.pathname);
