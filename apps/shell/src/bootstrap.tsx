import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installErrorReporting, sessionStore } from '@vere/web-session';
import { applyStoredTheme } from '@vere/web-ui';
import { App } from './app';
import { loadRemoteApp, loadRemoteMap } from './remotes/remote-registry';
import type { AreaName } from './remotes/areas';
import { isNativePlatform, removeServiceWorkers, startUp } from './startup';
import './styles/shell.css';

installErrorReporting('shell');
applyStoredTheme();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

/** Areas a signed-in user is likely to open next: fetched after start-up so a tab switch is instant. */
const WARM_AREAS: AreaName[] = ['challenges', 'connect', 'playbooks', 'account'];

void startUp({
  tasks: [
    // Bootstrap ends itself after 2 s if the session lookup hangs (spec §9).
    { name: 'session', run: () => sessionStore.getState().bootstrap() },
    // Fetched alongside the session so the first area loads sooner.
    { name: 'remotes', run: () => loadRemoteMap() },
    ...(isNativePlatform() ? [{ name: 'service-workers', run: () => removeServiceWorkers() }] : []),
  ],
  background: {
    name: 'warm-areas',
    run: async () => {
      if (sessionStore.getState().status !== 'signed-in') return;
      await Promise.all(WARM_AREAS.map((area) => loadRemoteApp(area)));
    },
  },
  // The splash in index.html covers the app until then; it fades out (see index.html).
  reveal: () => {
    const splash = document.getElementById('boot');
    if (!splash) return;
    splash.classList.add('is-leaving');
    setTimeout(() => splash.remove(), 200);
  },
});
