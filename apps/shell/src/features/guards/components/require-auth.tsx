import { useDeferredValue } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@vere/web-router';
import { shouldShowPreAuthOnboarding, useSession } from '@vere/web-session';
import { LoadingScreen } from '@vere/web-ui';

/** Location state the auth screen reads to send the user back where they were headed. */
export interface AuthRedirectState {
  from?: string;
}

/**
 * The session's answer at start-up mounts the whole frame and the area. A store update renders in one
 * uninterrupted task, a long one on a phone; so that first mount waits for a deferred (interruptible)
 * render, the loading screen staying until it is done. Signing out takes effect at once.
 */
function useStatusForFirstMount() {
  const live = useSession((s) => s.status);
  const deferred = useDeferredValue(live);
  return live === 'signed-in' && deferred === 'loading' ? 'loading' : live;
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useStatusForFirstMount();
  const location = useLocation();
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signed-out') {
    const state: AuthRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    // A first-time visitor at the front door gets the pre-auth onboarding; deep links go straight to sign-in.
    const firstVisit = location.pathname === '/' && shouldShowPreAuthOnboarding();
    return <Navigate to={firstVisit ? '/onboarding' : '/auth'} replace state={state} />;
  }
  return <>{children}</>;
}
