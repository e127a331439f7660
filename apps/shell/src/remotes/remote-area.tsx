import { Suspense, lazy, useState } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { LoadingScreen } from '@vere/web-ui';
import { useDocumentTitle } from '../hooks/use-document-title';
import type { Area, AreaName } from './areas';
import { AreaErrorBoundary } from './area-error-boundary';
import { loadRemoteApp, settleFirstAreaLoad } from './remote-registry';

const loaded = new Map<AreaName, LazyExoticComponent<ComponentType>>();

/**
 * One lazy component per remote, kept across navigations so returning to an area does not suspend
 * again. React caches a rejected lazy forever, so a failure is dropped from the cache and a retry
 * builds a new one.
 */
function remoteApp(name: AreaName, fresh: boolean): LazyExoticComponent<ComponentType> {
  let app = loaded.get(name);
  if (!app || fresh) {
    app = lazy(() =>
      loadRemoteApp(name, fresh)
        .catch((error: unknown) => {
          loaded.delete(name);
          throw error;
        })
        .finally(settleFirstAreaLoad),
    );
    loaded.set(name, app);
  }
  return app;
}

export function RemoteArea({ area }: { area: Area }) {
  const [loader, setLoader] = useState(() => ({ attempt: 0, App: remoteApp(area.name, false) }));
  useDocumentTitle(area.label);
  const retry = () => setLoader((current) => ({ attempt: current.attempt + 1, App: remoteApp(area.name, true) }));
  const { App } = loader;
  return (
    <AreaErrorBoundary key={loader.attempt} area={area.name} onRetry={retry}>
      <Suspense fallback={<LoadingScreen fullScreen={false} message={`Loading ${area.label}...`} />}>
        <App />
      </Suspense>
    </AreaErrorBoundary>
  );
}
