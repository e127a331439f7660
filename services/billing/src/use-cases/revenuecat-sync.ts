import type { BillingDeps } from './deps';
import { changeEntitlement } from './entitlement';

/**
 * The part of RevenueCat's REST API v1 "Customer Info" (GET /v1/subscribers/{app_user_id}) billing
 * reads: one entry per product the customer subscribed to, with its current expiry.
 */
export interface RevenueCatSubscriberInfo {
  request_date_ms?: number;
  subscriber: {
    subscriptions?: Record<
      string,
      {
        expires_date?: string | null;
        grace_period_expires_date?: string | null;
        unsubscribe_detected_at?: string | null;
        billing_issues_detected_at?: string | null;
        is_sandbox?: boolean;
        refunded_at?: string | null;
      }
    >;
  };
}

export interface RevenueCatApiOptions {
  secretKey: string;
  /** Default RevenueCat's; tests point it at a local stand-in. */
  apiUrl?: string;
  timeoutMs?: number;
}

/** Reads a customer's current info from RevenueCat's REST API (secret key, never sent to clients). */
export function revenueCatSubscriberReader(opts: RevenueCatApiOptions) {
  const base = (opts.apiUrl ?? 'https://api.revenuecat.com').replace(/\/$/, '');
  return async (appUserId: string): Promise<RevenueCatSubscriberInfo> => {
    const res = await fetch(`${base}/v1/subscribers/${encodeURIComponent(appUserId)}`, {
      headers: { authorization: `Bearer ${opts.secretKey}`, accept: 'application/json' },
      signal: AbortSignal.timeout(opts.timeoutMs ?? 5_000),
    });
    if (!res.ok) throw new Error(`RevenueCat answered ${res.status} for the subscriber`);
    const body = (await res.json()) as RevenueCatSubscriberInfo;
    if (!body || typeof body !== 'object' || !body.subscriber || typeof body.subscriber !== 'object')
      throw new Error('RevenueCat answered without a subscriber');
    return body;
  };
}

const dateOf = (iso: string | null | undefined) => {
  const d = iso ? new Date(iso) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
};

/**
 * A RevenueCat entitlement has passed its expiry and no EXPIRATION or RENEWAL webhook said what
 * happened: ask RevenueCat before the sweep drops Pro. Its answer (the newest state) is stored on the
 * user's RevenueCat subscriptions of that product; the sweep then derives the entitlement as usual,
 * so a renewal the webhook missed keeps Pro and a real lapse still ends it. If RevenueCat cannot be
 * asked, nothing is written and Pro ends at its expiry (Pro is never extended without a source).
 */
export async function syncRevenueCatBeforeLapse(
  deps: BillingDeps,
  readSubscriber: (appUserId: string) => Promise<RevenueCatSubscriberInfo>,
  userId: string,
  now: Date,
): Promise<void> {
  const held = await deps.entitlements.findEntitlement(deps.db, userId);
  if (held?.source !== 'revenuecat') return;
  let info: RevenueCatSubscriberInfo;
  try {
    info = await readSubscriber(userId);
  } catch (err) {
    deps.logger.warn({ err, userId }, 'RevenueCat REST sync failed; the entitlement lapses at its expiry');
    return;
  }
  const stateAt = typeof info.request_date_ms === 'number' ? new Date(info.request_date_ms) : now;
  await changeEntitlement(deps, userId, now, async (tx) => {
    for (const [productId, s] of Object.entries(info.subscriber.subscriptions ?? {})) {
      if (s.is_sandbox && !deps.acceptSandbox) continue;
      const expires = dateOf(s.expires_date);
      const grace = dateOf(s.grace_period_expires_date);
      const accessUntil = grace && (!expires || grace > expires) ? grace : expires;
      const facts = {
        status: s.refunded_at ? 'refunded' : 'rest_sync',
        entitled: !s.refunded_at,
        accessUntil,
        willRenew: !s.unsubscribe_detected_at && !s.refunded_at,
        stateAt,
        productId,
      };
      const rows = await deps.entitlements.findSubscriptions(tx, userId, { source: 'revenuecat', productId });
      const targets =
        rows.length > 0
          ? rows.filter((r) => r.stateAt <= stateAt).map((r) => r.externalId)
          : [`${userId}:${productId}`];
      for (const externalId of targets)
        await deps.entitlements.saveSubscription(tx, { userId, source: 'revenuecat', externalId, ...facts });
    }
  });
}
