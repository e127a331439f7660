import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@vere/web-router';
import { shouldShowPreAuthOnboarding, useSession } from '@vere/web-session';
import { LoadingScreen } from '@vere/web-ui';

/** Location state the auth screen reads to send the user back where they were headed. */
export interface AuthRedirectState {
  from?: string;
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useSession((s) => s.status);
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
