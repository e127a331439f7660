import type { Entitlement, EntitlementSource } from '@vere/contracts';

/** What billing holds of one subscription (any source), as far as Pro is concerned. */
export interface SubscriptionFacts {
  source: string;
  productId: string | null;
  /** Whether its status gives Pro at all. */
  entitled: boolean;
  /** Until when (null: no end, a grant without --until). */
  accessUntil: Date | null;
  willRenew: boolean;
}

const SOURCES: readonly EntitlementSource[] = ['stripe', 'revenuecat', 'database'];

export const FREE: Entitlement = {
  isActive: false,
  productId: null,
  expirationDate: null,
  willRenew: false,
  source: 'unknown',
};

const givesProAt = (s: SubscriptionFacts, now: Date) => s.entitled && (s.accessUntil === null || s.accessUntil > now);
/** Later end first; no end beats any end. */
const byEnd = (a: SubscriptionFacts, b: SubscriptionFacts) =>
  (b.accessUntil?.getTime() ?? Infinity) - (a.accessUntil?.getTime() ?? Infinity);

/**
 * The one `pro` entitlement from all of a user's subscriptions: Pro while any of them gives Pro,
 * until the last of them ends (a user with a web and an App Store subscription stays Pro until both
 * lapse). It renews if any active one renews. Reported product and source are the longest-lasting one's.
 */
export function deriveEntitlement(subscriptions: readonly SubscriptionFacts[], now: Date): Entitlement {
  const active = subscriptions.filter((s) => givesProAt(s, now)).sort(byEnd);
  const best = active[0];
  if (!best) return FREE;
  return {
    isActive: true,
    productId: best.productId,
    expirationDate: best.accessUntil?.toISOString() ?? null,
    willRenew: active.some((s) => s.willRenew),
    source: SOURCES.find((s) => s === best.source) ?? 'unknown',
  };
}

/** A stored entitlement read at `now`: one whose expiration has passed reads as free, before the sweep publishes it. */
export function entitlementAt(stored: Entitlement | null, now: Date): Entitlement {
  if (!stored?.isActive) return FREE;
  if (stored.expirationDate !== null && new Date(stored.expirationDate) <= now) return FREE;
  return stored;
}

export const sameEntitlement = (a: Entitlement, b: Entitlement) =>
  a.isActive === b.isActive &&
  a.productId === b.productId &&
  a.expirationDate === b.expirationDate &&
  a.willRenew === b.willRenew &&
  a.source === b.source;

const DAY_MS = 86_400_000;

/** Days Pro is kept after a failed renewal payment while the store retries (BILLING_GRACE_DAYS overrides it). */
export const DEFAULT_GRACE_DAYS = 7;

/** The Stripe subscription fields billing reads (the `stripe` package's Subscription has them all). */
export interface StripeSubscriptionLike {
  id: string;
  status: string;
  cancel_at_period_end: boolean;
  ended_at?: number | null;
  items: {
    data: Array<{
      current_period_start: number;
      current_period_end: number;
      price?: { id: string; product?: unknown } | null;
    }>;
  };
  metadata?: Record<string, string> | null;
}

/**
 * What a Stripe subscription's own state means for Pro. active/trialing: Pro to the period end, renewing
 * unless cancelled at period end. past_due (a renewal payment failed; Stripe retries): Pro kept for
 * `graceDays` from the start of the unpaid period, then dropped. Every other status (canceled, unpaid,
 * incomplete, incomplete_expired, paused): no Pro.
 */
export function stripeSubscriptionFacts(
  sub: StripeSubscriptionLike,
  graceDays: number,
): Omit<SubscriptionFacts, 'source'> & { status: string } {
  const item = sub.items.data[0];
  const periodEnd = item ? new Date(item.current_period_end * 1000) : null;
  const periodStart = item ? new Date(item.current_period_start * 1000) : null;
  const productId = item?.price?.id ?? null;
  if ((sub.status === 'active' || sub.status === 'trialing') && periodEnd) {
    return {
      status: sub.status,
      productId,
      entitled: true,
      accessUntil: periodEnd,
      willRenew: !sub.cancel_at_period_end,
    };
  }
  if (sub.status === 'past_due' && periodStart && periodEnd) {
    const graceEnd = new Date(Math.min(periodEnd.getTime(), periodStart.getTime() + graceDays * DAY_MS));
    return {
      status: sub.status,
      productId,
      entitled: true,
      accessUntil: graceEnd,
      willRenew: !sub.cancel_at_period_end,
    };
  }
  return {
    status: sub.status,
    productId,
    entitled: false,
    accessUntil: sub.ended_at ? new Date(sub.ended_at * 1000) : periodEnd,
    willRenew: false,
  };
}
