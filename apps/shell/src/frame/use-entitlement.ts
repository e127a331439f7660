import { useQuery } from '@tanstack/react-query';
import { entitlementQueryOptions, useSession } from '@vere/web-session';

/** The signed-in user's plan from billing, cached in the shell's query client. */
export function useEntitlement() {
  const userId = useSession((s) => s.user?.id ?? null);
  return useQuery(entitlementQueryOptions(userId));
}
