import { describe, expect, it } from 'vitest';
import { isProAt } from './entitlement';

describe('Pro', () => {
  const now = new Date('2026-01-14T12:00:00Z');
  it('holds while the entitlement is active without an expiry or before it', () => {
    expect(isProAt(now, true, null)).toBe(true);
    expect(isProAt(now, true, new Date('2026-01-14T12:00:01Z'))).toBe(true);
  });
  it('ends at the expiry, and is never held by an inactive or missing entitlement', () => {
    expect(isProAt(now, true, now)).toBe(false);
    expect(isProAt(now, false, null)).toBe(false);
    expect(isProAt(now, null, null)).toBe(false);
  });
});
