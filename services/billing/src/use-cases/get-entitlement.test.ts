import { describe, expect, it } from 'vitest';
import { currentEntitlement } from './get-entitlement';

const now = new Date('2026-11-22T12:00:00Z');

describe('currentEntitlement', () => {
  it('is free without a record', () => {
    expect(currentEntitlement(null, now)).toEqual({ isPro: false, source: 'none', expiresAt: null });
  });

  it('is Pro until the record expires, then free', () => {
    const until = new Date('2026-12-22T12:00:00Z');
    expect(currentEntitlement({ isPro: true, source: 'stripe', expiresAt: until }, now)).toEqual({
      isPro: true, source: 'stripe', expiresAt: until.toISOString(),
    });
    expect(currentEntitlement({ isPro: true, source: 'stripe', expiresAt: new Date('2026-11-22T11:59:59Z') }, now)).toEqual({
      isPro: false, source: 'none', expiresAt: null,
    });
  });

  it('keeps a Pro grant without an end date, and never reports a source it does not know', () => {
    expect(currentEntitlement({ isPro: true, source: 'revenuecat', expiresAt: null }, now)).toMatchObject({ isPro: true, source: 'revenuecat' });
    expect(currentEntitlement({ isPro: true, source: 'somewhere', expiresAt: null }, now).source).toBe('none');
    expect(currentEntitlement({ isPro: false, source: 'stripe', expiresAt: null }, now).isPro).toBe(false);
  });
});
