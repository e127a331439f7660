import type { ReactNode } from 'react';
import { useEntitlement } from '@vere/web-kit';
import { Navigate, useLocation } from '@vere/web-router';
import { useSession } from '@vere/web-session';
import { ErrorCard, LoadingScreen } from '@vere/web-ui';
import type { AuthRedirectState } from './require-auth';

export { PRO_PATHS, isProPath } from '../utils/pro-paths';

/**
 * Spec §2 Pro guard: "Checking access..." while the plan loads; signed out → /auth; not Pro → /pro,
 * remembering where the user was going. Billing decides (the server), never the client.
 */
export function RequirePro({ children }: { children: ReactNode }) {
  const status = useSession((s) => s.status);
  const location = useLocation();
  const { data, isPending, isError, refetch } = useEntitlement();
  const from: AuthRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
  if (status === 'loading' || (status === 'signed-in' && isPending))
    return <LoadingScreen message="Checking access..." />;
  if (status === 'signed-out') return <Navigate to="/auth" replace state={from} />;
  if (isError) {
    return (
      <ErrorCard
        area="Pro"
        message="We couldn't check your plan. It may be a connection issue."
        onRetry={() => void refetch()}
      />
    );
  }
  if (!data?.isActive) return <Navigate to="/pro" replace state={from} />;
  return <>{children}</>;
}
