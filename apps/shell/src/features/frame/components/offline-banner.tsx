import type { Connectivity } from '@vere/web-session';
import { useConnectivity } from '@vere/web-session';

export const OFFLINE_BANNER = {
  offline: "You're offline. What's already loaded stays readable, and Vere catches up when you're back.",
  unreachable: "Can't reach Vere right now. What's already loaded stays readable; we'll keep trying.",
} as const;

/** The frame's word on the connection: nothing while online. */
export function ConnectivityBanner({ state }: { state: Connectivity }) {
  if (state === 'online') return null;
  return (
    <div className="shell-offline" role="status" data-testid="offline-banner">
      <span className="shell-offline__dot" aria-hidden="true" />
      {OFFLINE_BANNER[state]}
    </div>
  );
}

export function OfflineBanner() {
  return <ConnectivityBanner state={useConnectivity()} />;
}
