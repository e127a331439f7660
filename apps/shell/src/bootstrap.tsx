import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { installErrorReporting, sessionStore } from '@vere/web-session';
import { applyStoredTheme, prefetchToasts } from '@vere/web-ui';
import '@vere/web-ui/styles.css';
import { App } from './app';
import { prepareNativeApp, startOnLaunchLink } from './features/native';
import { loadRemoteMap } from './features/remotes/utils/remote-registry';
import type { AreaName } from './shared/utils/areas';
import { isNativePlatform, removeServiceWorkers, startUp } from './startup';
import { afterFirstScreen } from './features/remotes/utils/first-screen';
import { registerServiceWorker } from './shared/utils/service-worker';
import './styles/shell.css';

installErrorReporting('shell');
applyStoredTheme();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// Both in a transition, so React renders in slices and a slow phone's main thread is never blocked
// for the whole first render (a default-priority render runs in one task). In the iOS app, a cold
// start on a link first puts that page in the address (the web renders at once).
const render = () =>
  startTransition(() => {
    if (root.hasAttribute('data-prerendered') && !document.documentElement.hasAttribute('data-known-user')) {
      // auth.html: the build's /auth for a visitor (prerender/auth.tsx). React takes over its markup.
      hydrateRoot(root, app);
    } else {
      // A browser that has had a user gets a fresh render under the splash, on auth.html too.
      root.replaceChildren();
      root.removeAttribute('data-prerendered');
      createRoot(root).render(app);
    }
  });
if (isNativePlatform()) void startOnLaunchLink().finally(render);
else render();

/** Areas a signed-in user is likely to open next: fetched after start-up so a tab switch is instant. */
const WARM_AREAS: AreaName[] = ['challenges', 'connect', 'playbooks', 'account'];

void startUp({
  tasks: [
    // Bootstrap ends itself after 2 s if the session lookup hangs (spec §9).
    // In the iOS app the API is on another origin: calls are pointed there before the first one.
    {
      name: 'session',
      run: async () => {
        await prepareNativeApp();
        return sessionStore.getState().bootstrap();
      },
    },
    // Fetched alongside the session so the first area loads sooner.
    { name: 'remotes', run: () => loadRemoteMap() },
    ...(isNativePlatform() ? [{ name: 'service-workers', run: () => removeServiceWorkers() }] : []),
  ],
  background: {
    name: 'warm-areas',
    run: async () => {
      // It must not compete with the first screen.
      await afterFirstScreen();
      // After the first screen, so it never weighs on the first paint; the dev server has none.
      if (process.env.NODE_ENV === 'production') {
        void registerServiceWorker({
          container: 'serviceWorker' in navigator ? navigator.serviceWorker : null,
          native: isNativePlatform(),
        });
      }
      // The toast library, so the first toast shows at once (a toast before this loads it itself).
      prefetchToasts();
      if (sessionStore.getState().status !== 'signed-in') return;
      // Downloaded, not run: running them would be main-thread work while the home is in use.
      const { prefetchArea } = await import(
        /* webpackChunkName: "prefetch-area" */ './features/remotes/utils/prefetch-area'
      );
      await Promise.all(WARM_AREAS.map((area) => prefetchArea(area)));
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
