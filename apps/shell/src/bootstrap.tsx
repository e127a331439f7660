import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installErrorReporting, sessionStore } from '@vere/web-session';
import { applyStoredTheme } from '@vere/web-ui';
import { App } from './app';
import { loadRemoteMap } from './remotes/remote-registry';
import './styles/shell.css';

installErrorReporting('shell');
applyStoredTheme();
void sessionStore.getState().bootstrap();
// Start fetching the remotes map alongside the session so the first area loads sooner.
loadRemoteMap().catch((error: unknown) => console.error('[shell] remotes.json could not be loaded', error));

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
