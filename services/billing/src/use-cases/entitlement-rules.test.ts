import { describe, expect, it } from 'vitest';
import {
  deriveEntitlement,
  entitlementAt,
  FREE,
  stripeSubscriptionFacts,
  type SubscriptionFacts,
} from './entitlement-rules';

const now = new Date('2026-11-22T12:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
const sub = (over: Partial<SubscriptionFacts>): SubscriptionFacts => ({
  source: 'stripe',
  productId: 'price_pro',
  entitled: true,
  accessUntil: days(30),
  willRenew: true,
  ...over,
});

describe('deriveEntitlement', () => {
  it('is free without subscriptions, and with only lapsed or non-entitling ones', () => {
    expect(deriveEntitlement([], now)).toEqual(FREE);
    expect(deriveEntitlement([sub({ accessUntil: days(-1) }), sub({ entitled: false })], now)).toEqual(FREE);
  });

  it('reports the longest-lasting active subscription, and renews if any active one renews', () => {
    const web = sub({ accessUntil: days(10), willRenew: true });
    const store = sub({ source: 'revenuecat', productId: 'verepro.founders', accessUntil: days(20), willRenew: false });
    expect(deriveEntitlement([web, store], now)).toEqual({
      isActive: true,
      productId: 'verepro.founders',
      expirationDate: days(20).toISOString(),
      willRenew: true,
      source: 'revenuecat',
    });
    // The App Store one lapses first: still Pro through the web one.
    expect(
      deriveEntitlement([sub({ accessUntil: days(20) }), { ...store, accessUntil: days(5) }], days(6)).isActive,
    ).toBe(true);
  });

  it('prefers a grant without an end date over any dated subscription', () => {
    const grant = sub({ source: 'database', productId: 'verepro.founders', accessUntil: null, willRenew: false });
    expect(deriveEntitlement([sub({}), grant], now)).toMatchObject({
      source: 'database',
      expirationDate: null,
      isActive: true,
    });
  });

  it('never reports a source outside the spec list', () => {
    expect(deriveEntitlement([sub({ source: 'paypal' })], now).source).toBe('unknown');
  });
});

describe('entitlementAt', () => {
  it('reads a stored entitlement whose expiration passed as free', () => {
    const stored = deriveEntitlement([sub({ accessUntil: days(1) })], now);
    expect(entitlementAt(stored, now).isActive).toBe(true);
    expect(entitlementAt(stored, days(2))).toEqual(FREE);
    expect(entitlementAt(null, now)).toEqual(FREE);
  });
});

describe('stripeSubscriptionFacts', () => {
  const secs = (d: Date) => Math.floor(d.getTime() / 1000);
  const stripeSub = (status: string, over: object = {}) => ({
    id: 'sub_1',
    status,
    cancel_at_period_end: false,
    ended_at: null,
    items: {
      data: [{ current_period_start: secs(days(-3)), current_period_end: secs(days(27)), price: { id: 'price_pro' } }],
    },
    ...over,
  });

  it('gives Pro to the period end while active, not renewing once cancelled at period end', () => {
    expect(stripeSubscriptionFacts(stripeSub('active'), 7)).toMatchObject({
      entitled: true,
      accessUntil: new Date(secs(days(27)) * 1000),
      willRenew: true,
    });
    expect(stripeSubscriptionFacts(stripeSub('active', { cancel_at_period_end: true }), 7).willRenew).toBe(false);
  });

  it('keeps Pro through the grace period after a failed renewal, counted from the period start', () => {
    expect(stripeSubscriptionFacts(stripeSub('past_due'), 7)).toMatchObject({
      entitled: true,
      accessUntil: new Date(secs(days(4)) * 1000),
    });
  });

  it('gives no Pro when canceled, unpaid or incomplete', () => {
    for (const status of ['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused']) {
      expect(stripeSubscriptionFacts(stripeSub(status), 7).entitled).toBe(false);
    }
  });
});
