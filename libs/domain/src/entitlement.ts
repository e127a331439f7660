/**
 * Pro at `now`: the entitlement (billing.entitlement.changed.v1's read model) is active and has no
 * expiry, or one still ahead. Checked at request time, so an expiry applies on time.
 */
export const isProAt = (now: Date, active: boolean | null, expiresAt: Date | null): boolean =>
  active === true && (expiresAt === null || expiresAt.getTime() > now.getTime());
