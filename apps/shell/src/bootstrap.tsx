import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getLocale, subscribeLocale } from '@mojud/i18n';
import { App } from './app';
import { mountAt, routeRemoteAskedFor } from './federation/remote-loader';
import { followSignedInUsers } from './language/language';
import { swapLastScreenWhenReady } from './offline/last-screen-swap';

// <html lang> follows the language (set by @mojud/i18n): screen readers, a phone's translate offer
// and the :lang(bn) rules (no letter-spacing on Bengali) read it.
followSignedInUsers();
// Only a Bangla page needs to know whether the device draws Bengali: an English one never loads this.
const bengaliFont = () => {
  if (getLocale() === 'bn') void import(/* webpackChunkName: "bengali-font-check" */ './language/fonts').then((m) => m.fallBackToBengaliWebFont());
};
bengaliFont();
subscribeLocale(bengaliFont);

// The service worker (offline start, cached remotes), registered once the page has loaded so
// it never competes with the first paint; production builds only (rsbuild.common.mjs).
if (process.env.NODE_ENV === 'production' && 'serviceWorker' in navigator) {
  const register = () =>
    void import(/* webpackChunkName: "sw-register" */ './sw/register').then((m) => m.registerServiceWorker()).catch(() => {});
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

// remotes.json is read by ./index.ts before this chunk loads; public pages never wait for it.

const root = document.getElementById('root')!;
// The last screen the worker may have painted in front of the root gives way to the live page.
swapLastScreenWhenReady(root);
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// The first render holds the page's one thread for a few hundred ms on a phone. On a remote's page
// it waits until the route's remote is asked for (the federation runtime has read the manifest and
// added the entry and chunks to the page), so they download during the render instead of after it;
// never longer than REMOTE_WAIT_MS, so a slow remote server costs the shell's chrome little.
const REMOTE_WAIT_MS = 500;
if (mountAt(window.location.pathname)) {
  void Promise.race([routeRemoteAskedFor(), new Promise((resolve) => setTimeout(resolve, REMOTE_WAIT_MS))]).then(render);
} else {
  render();
}
