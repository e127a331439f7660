import { describe, expect, it } from 'vitest';
import { badgeText } from './notification-bell';
import { ago } from './notification-centre';

describe('the bell', () => {
  it('caps the badge at 99+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('says how old an item is', () => {
    const now = Date.parse('2027-01-10T12:00:00Z');
    expect(ago('2027-01-10T11:59:30Z', now)).toBe('just now');
    expect(ago('2027-01-10T11:55:00Z', now)).toMatch(/5 minutes ago/);
    expect(ago('2027-01-10T09:00:00Z', now)).toMatch(/3 hours ago/);
    expect(ago('2027-01-09T12:00:00Z', now)).toMatch(/yesterday|1 day ago/);
  });
});
