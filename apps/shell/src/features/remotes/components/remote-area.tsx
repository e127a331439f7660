import { startTransition, useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import { LoadingScreen } from '@vere/web-ui';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import type { Area, AreaName } from '../../../shared/utils/areas';
import { AreaErrorBoundary } from './area-error-boundary';
import { loadRemoteApp, settleFirstAreaLoad } from '../utils/remote-registry';

type Load =
  | { status: 'pending'; promise: Promise<ComponentType> }
  | { status: 'ready'; App: ComponentType }
  | { status: 'failed'; error: unknown };

/**
 * One load per remote, kept across navigations so returning to an area renders it at once. A failed
 * load is not kept: coming back to the area loads it again, and Try Again loads it afresh (dropping
 * what the runtime cached from the failed attempt).
 */
const loads = new Map<AreaName, Load>();

function startLoad(name: AreaName, retry: boolean): Load {
  const current = loads.get(name);
  if (current && current.status !== 'failed' && !retry) return current;
  const promise = loadRemoteApp(name, retry).then((module) => module.default);
  const load: Load = { status: 'pending', promise };
  loads.set(name, load);
  void promise
    .then(
      (App) => loads.set(name, { status: 'ready', App }),
      (error: unknown) => loads.set(name, { status: 'failed', error }),
    )
    .finally(settleFirstAreaLoad);
  return load;
}

/**
 * Why not React.lazy with a Suspense fallback: React holds content back for 300 ms after a fallback
 * was shown (its fallback throttle), so the home, whose remote arrives a moment after the frame,
 * appeared ~300 ms late on every cold start, and its data requests started that late too
 * (decision 0020). The loading screen here is plain state: the remote renders the moment it loads.
 */
function RemoteApp({ name, label, retry }: { name: AreaName; label: string; retry: boolean }) {
  const [load, setLoad] = useState(() => startLoad(name, retry));
  useEffect(() => {
    if (load.status !== 'pending') return;
    let live = true;
    // A transition: React renders the area in slices instead of one long task on a slow phone.
    const settle = () => {
      if (live) startTransition(() => setLoad(loads.get(name) ?? load));
    };
    load.promise.then(settle, settle);
    return () => {
      live = false;
    };
  }, [load, name]);
  if (load.status === 'failed') throw load.error; // to the AreaErrorBoundary around it
  if (load.status === 'pending') return <LoadingScreen fullScreen={false} message={`Loading ${label}...`} />;
  const { App } = load;
  return <App />;
}

export function RemoteArea({ area }: { area: Area }) {
  const [attempt, setAttempt] = useState(0);
  useDocumentTitle(area.label);
  return (
    <AreaErrorBoundary key={attempt} area={area.name} onRetry={() => setAttempt((n) => n + 1)}>
      <RemoteApp name={area.name} label={area.label} retry={attempt > 0} />
    </AreaErrorBoundary>
  );
}
