import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startFederation } from './federation/remote-loader';

// Read remotes.json in parallel with the auth check; public pages never wait for it.
void startFederation();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
