import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@vere/web-query';
import { ENTITLEMENT_CHANGED_EVENT, entitlementQueryKey, entitlementQueryOptions, useSession } from '@vere/web-session';

/**
 * The signed-in user's plan from billing, cached in this app's query client for 2 minutes, read
 * again on focus, and at once when any app announces a change (a purchase confirmed, a cancellation).
 */
export function useEntitlement() {
  const userId = useSession((s) => s.user?.id ?? null);
  const client = useQueryClient();
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: entitlementQueryKey(userId) });
    window.addEventListener(ENTITLEMENT_CHANGED_EVENT, refresh);
    return () => window.removeEventListener(ENTITLEMENT_CHANGED_EVENT, refresh);
  }, [client, userId]);
  return useQuery(entitlementQueryOptions(userId));
}
