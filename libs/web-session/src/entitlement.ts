import type { Entitlement } from '@vere/contracts';
import { isApiError } from './api-error';
import { apiFetch } from './session';

export const ENTITLEMENT_PATH = '/api/billing/me/entitlement';

export type { Entitlement, EntitlementSource } from '@vere/contracts';

export const PLAN_LABELS = { pro: 'Pro Member', free: 'Free User' } as const;

export function planLabel(entitlement: Entitlement): (typeof PLAN_LABELS)[keyof typeof PLAN_LABELS] {
  return entitlement.isPro ? PLAN_LABELS.pro : PLAN_LABELS.free;
}

/** Scoped to the user: the shell's query cache outlives a sign-out and the next sign-in. */
export function entitlementQueryKey(userId: string | null) {
  return ['billing', 'me', 'entitlement', userId] as const;
}

export function getEntitlement(signal?: AbortSignal): Promise<Entitlement> {
  return apiFetch<Entitlement>(ENTITLEMENT_PATH, { signal });
}

const OTHER_RETRIES = 2;

/** A 4xx will not change by asking again (a 401 was already refreshed once by apiFetch); outages get two more tries. */
export function shouldRetryEntitlement(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < OTHER_RETRIES;
}

export function entitlementRetryDelay(failureCount: number): number {
  return Math.min(1_000 * 2 ** failureCount, 4_000);
}

/**
 * Options for TanStack Query's `useQuery`, shared by every app that shows the plan. This package
 * does not import TanStack Query itself: it is a federation singleton and React Query is not, so
 * each app calls `useQuery(entitlementQueryOptions(userId))` with its own client.
 */
export function entitlementQueryOptions(userId: string | null) {
  return {
    queryKey: entitlementQueryKey(userId),
    queryFn: ({ signal }: { signal: AbortSignal }) => getEntitlement(signal),
    enabled: userId !== null,
    retry: shouldRetryEntitlement,
    retryDelay: entitlementRetryDelay,
    staleTime: 60_000,
  };
}
