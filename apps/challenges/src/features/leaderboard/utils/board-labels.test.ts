import { describe, expect, it } from 'vitest';
import { weekRange } from './board-labels';

describe('weekRange', () => {
  it('names the week once per month, and both months across a month end', () => {
    expect(weekRange('2026-11-22', '2026-11-28')).toBe('22–28 Nov');
    expect(weekRange('2026-12-27', '2027-01-02')).toBe('27 Dec – 2 Jan');
  });
});
