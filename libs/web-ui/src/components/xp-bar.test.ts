import { levelProgress } from '@vere/domain';
import { describe, expect, it } from 'vitest';
import { xpWithinLevel } from './xp-bar';

describe('xpWithinLevel', () => {
  it('shows 0 / 100 for a new player', () => {
    expect(xpWithinLevel(levelProgress(0))).toEqual({ earned: 0, needed: 100 });
  });

  it('counts XP inside the current level only', () => {
    // Level 2 runs from 100 to 250 total XP (threshold 100*2 + 50*1).
    expect(xpWithinLevel(levelProgress(130))).toEqual({ earned: 30, needed: 150 });
  });

  it('reports nothing left to earn at the maximum level', () => {
    expect(xpWithinLevel(levelProgress(10_000_000))).toEqual({ earned: 0, needed: 0 });
  });
});
