// Registers the service worker (./sw.ts) and offers a waiting new release: "New version ready"
// with a Reload button; tapping it lets the new worker take over and reloads the page.
import toast from 'react-hot-toast';
import { useT } from '@mojud/i18n';
import { ns } from '../offline/texts';

function NewVersion({ worker }: { worker: ServiceWorker }) {
  const t = useT(ns);
  return (
    <span className="shell-new-version">
      {t('newVersion')}{' '}
      <button
        type="button"
        className="shell-sync__button"
        onClick={() => {
          navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
          worker.postMessage({ type: 'SKIP_WAITING' });
        }}
      >
        {t('reload')}
      </button>
    </span>
  );
}

export async function registerServiceWorker(): Promise<void> {
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const offer = (worker: ServiceWorker) => toast(<NewVersion worker={worker} />, { id: 'new-version', duration: Infinity });
  // Only an update: the first worker of a device has nothing to replace.
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
    });
  });
}
