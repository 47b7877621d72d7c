// Remote discovery starts first, so remotes.json (and, on a remote's page, the federation
// runtime, the remote's manifest and its chunks) download beside the shell's own start instead
// of after the sign-in check.
import { startFederation } from './federation/remote-loader';
import './bootstrap';

void startFederation();
