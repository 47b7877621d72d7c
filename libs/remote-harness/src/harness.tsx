// Lets one team run its remote alone (`nx dev inventory`) with the shell's providers,
// a real sign-in against the API and a store picker. Never part of the shell's build.
import '@mojud/design-system/setup';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link } from 'react-router-dom';
import { initializeAuth, errorText, signIn, signOut } from '@mojud/api-client';
import {
  selectAllStores,
  selectCurrentStore,
  selectInitializing,
  selectUser,
  useAuthStore,
} from '@mojud/auth';
import { Banner, Button, Card, FullScreenSpinner, TextField, Toaster } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from './texts';
import './harness.css';

function LoginForm({ name }: { name: string }) {
  const t = useT(ns);
  const [loginIdentifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn({ loginIdentifier, password });
    } catch (caught) {
      setError(errorText(caught));
      setBusy(false);
    }
  };
  return (
    <main className="harness-page">
      <Card title={t('signIn', { name })}>
        <form onSubmit={onSubmit}>
          {error && <Banner tone="error">{error}</Banner>}
          <TextField
            label={t('identifier')}
            value={loginIdentifier}
            onChange={(e) => setIdentifier(e.target.value)}
          />
          <TextField
            label={t('password')}
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button type="submit" loading={busy}>
            {t('submit')}
          </Button>
        </form>
      </Card>
    </main>
  );
}

function StorePicker() {
  const t = useT(ns);
  const stores = useAuthStore(selectAllStores);
  const setCurrentStore = useAuthStore((state) => state.setCurrentStore);
  return (
    <main className="harness-page">
      <Card title={t('chooseStore')}>
        {stores.length === 0 && <p>{t('noStores')}</p>}
        {stores.map((store) => (
          <p key={store.id}>
            <Button variant="secondary" onClick={() => setCurrentStore(store)}>
              {store.name}
            </Button>
          </p>
        ))}
      </Card>
    </main>
  );
}

function HarnessGate({ name, home, children }: { name: string; home: string; children: ReactNode }) {
  const t = useT(ns);
  const initializing = useAuthStore(selectInitializing);
  const user = useAuthStore(selectUser);
  const store = useAuthStore(selectCurrentStore);
  const setCurrentStore = useAuthStore((state) => state.setCurrentStore);
  useEffect(() => {
    void initializeAuth();
  }, []);
  if (initializing) return <FullScreenSpinner />;
  if (!user) return <LoginForm name={name} />;
  if (!store) return <StorePicker />;
  return (
    <>
      <header className="harness-bar">
        <Link to={home}>{t('bar', { name })}</Link>
        <span>{store.name}</span>
        <Button variant="ghost" onClick={() => setCurrentStore(null)}>
          {t('switchStore')}
        </Button>
        <Button variant="ghost" onClick={() => void signOut()}>
          {t('logout')}
        </Button>
      </header>
      <main className="harness-page">{children}</main>
    </>
  );
}

export interface StandaloneOptions {
  /** The remote's name, shown in the harness bar. */
  name: string;
  /** Where the harness bar links to, e.g. /inventory. */
  home: string;
  /** Usually <Routes> mounting the remote's exposed modules at the shell's paths. */
  routes: ReactNode;
}

export function renderStandalone({ name, home, routes }: StandaloneOptions): void {
  const queryClient = new QueryClient();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <HarnessGate name={name} home={home}>
            {routes}
          </HarnessGate>
        </BrowserRouter>
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
  );
}
