import { FOUNDERS_PRODUCT_ID, type Entitlement } from '@vere/contracts';
import { changeEntitlement, type EntitlementDeps } from './entitlement';

export interface GrantRequest {
  userId: string;
  /** Pro until then; null: no end. */
  until: Date | null;
  /** Who granted it (support person, founder). */
  by: string;
  /** Why: kept with the grant. */
  reason: string;
}

/** One grant per user: granting again replaces its end date, who and why. */
const grantId = (userId: string) => `grant:${userId}`;

/**
 * An admin/founders grant: a `database` subscription on the founders product. It never renews;
 * with an end date the expiry sweep ends it on time.
 */
export async function grantPro(deps: EntitlementDeps, g: GrantRequest, now: Date): Promise<Entitlement> {
  if (!g.by.trim() || !g.reason.trim()) throw new Error('A grant records who and why: both are required');
  if (g.until && g.until <= now) throw new Error('--until must be in the future');
  const { entitlement } = await changeEntitlement(deps, g.userId, now, (tx) =>
    deps.entitlements.saveSubscription(tx, {
      userId: g.userId,
      source: 'database',
      externalId: grantId(g.userId),
      productId: FOUNDERS_PRODUCT_ID,
      status: 'granted',
      entitled: true,
      accessUntil: g.until,
      willRenew: false,
      stateAt: now,
      grantedBy: g.by.trim(),
      reason: g.reason.trim(),
    }),
  );
  return entitlement;
}

/** Ends the user's grant now (their other subscriptions are untouched). */
export async function revokeGrant(
  deps: EntitlementDeps,
  g: Omit<GrantRequest, 'until'>,
  now: Date,
): Promise<Entitlement> {
  if (!g.by.trim() || !g.reason.trim()) throw new Error('A revocation records who and why: both are required');
  const { entitlement } = await changeEntitlement(deps, g.userId, now, (tx) =>
    deps.entitlements.saveSubscription(tx, {
      userId: g.userId,
      source: 'database',
      externalId: grantId(g.userId),
      productId: FOUNDERS_PRODUCT_ID,
      status: 'revoked',
      entitled: false,
      accessUntil: now,
      willRenew: false,
      stateAt: now,
      grantedBy: g.by.trim(),
      reason: g.reason.trim(),
    }),
  );
  return entitlement;
}
