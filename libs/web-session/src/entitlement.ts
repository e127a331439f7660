import type { Entitlement } from '@vere/contracts';
import { getQueryOptions } from './get-query';
import { apiFetch } from './session';

export const ENTITLEMENT_PATH = '/api/billing/me/entitlement';

export type { Entitlement, EntitlementSource } from '@vere/contracts';

export const PLAN_LABELS = { pro: 'Pro Member', free: 'Free User' } as const;

/** Spec §9: the subscription status is cached for 2 minutes (and read again on focus and after a purchase). */
export const ENTITLEMENT_CACHE_MS = 2 * 60_000;

export function planLabel(entitlement: Entitlement): (typeof PLAN_LABELS)[keyof typeof PLAN_LABELS] {
  return entitlement.isActive ? PLAN_LABELS.pro : PLAN_LABELS.free;
}

/** Scoped to the user: the shell's query cache outlives a sign-out and the next sign-in. */
export function entitlementQueryKey(userId: string | null) {
  return ['billing', 'me', 'entitlement', userId] as const;
}

/** Also read outside a query: after an App Store purchase, checkout asks until billing says Pro. */
export function getEntitlement(signal?: AbortSignal): Promise<Entitlement> {
  return apiFetch<Entitlement>(ENTITLEMENT_PATH, { signal });
}

/**
 * Options for TanStack Query's `useQuery`, shared by every app that shows the plan. This package
 * does not import TanStack Query itself: it is a federation singleton and React Query is not, so
 * each app calls `useQuery(entitlementQueryOptions(userId))` with its own client. Fresh for 2
 * minutes; read again when the window regains focus (a purchase finished in another tab or app).
 */
export function entitlementQueryOptions(userId: string | null) {
  return {
    ...getQueryOptions<Entitlement>(entitlementQueryKey(userId), ENTITLEMENT_PATH),
    enabled: userId !== null,
    staleTime: ENTITLEMENT_CACHE_MS,
    refetchOnWindowFocus: true,
  };
}

/** Tells every app showing the plan (shell frame, account pages) to read it again: after a purchase or a cancellation. */
export const ENTITLEMENT_CHANGED_EVENT = 'vere:entitlement-changed';

export function announceEntitlementChange(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(ENTITLEMENT_CHANGED_EVENT));
}
