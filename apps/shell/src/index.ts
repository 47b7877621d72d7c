// Remote discovery starts first, so remotes.json (and, on a remote's page, the federation
// runtime, the remote's manifest and its chunks) download beside the shell's own start instead
// of after the sign-in check.
import { mountAt, startFederation } from './federation/remote-loader';
import { sessionCheckAtStart } from './auth/session-at-start';
import { pageChunkAt } from './pages/page-chunks';

const discovery = startFederation();
// The session refresh too: its answer is then usually in before the page's first requests.
void sessionCheckAtStart();
// And the shell page's own chunk (a remote's page is started by discovery).
void pageChunkAt(window.location.pathname)?.().catch(() => undefined);
// The rest of the app is evaluated after that (it is in this same file: `eager` adds no request).
// Evaluating it takes about 400 ms on the phone profile; on a remote's page, remotes.json (preloaded
// by index.html, so usually in by now) is read first, and the route's manifest is asked for
// before those 400 ms instead of after them. Never more than a moment's wait.
const opensRemote = mountAt(window.location.pathname) !== null;
const waited = opensRemote ? Promise.race([discovery, new Promise((resolve) => setTimeout(resolve, 150))]) : Promise.resolve();
void waited.then(() => import(/* webpackMode: "eager" */ './main'));
