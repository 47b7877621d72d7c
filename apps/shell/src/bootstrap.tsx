import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

// remotes.json is read by ./index.ts before this chunk loads; public pages never wait for it.

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
