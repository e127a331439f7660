import { describe, expect, it } from 'vitest';
import { filterTimeZones, listTimeZones } from './time-zone-setting';

describe('time zone list', () => {
  it('holds the IANA zones and UTC, sorted', () => {
    const zones = listTimeZones();
    expect(zones).toContain('Asia/Tokyo');
    expect(zones).toContain('America/New_York');
    expect(zones).toContain('UTC');
    expect([...zones].sort((a, b) => a.localeCompare(b))).toEqual(zones);
  });

  it('finds zones by any words of their name', () => {
    const zones = listTimeZones();
    expect(filterTimeZones(zones, 'new york')).toEqual(['America/New_York']);
    expect(filterTimeZones(zones, 'TOKY')).toEqual(['Asia/Tokyo']);
    expect(filterTimeZones(zones, '  ')).toHaveLength(zones.length);
  });
});
