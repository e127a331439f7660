import { describe, expect, it } from 'vitest';
import { MAX_LEVEL, levelForXP, levelProgress, levelRewards, levelThreshold } from './levels';

describe('level curve', () => {
  it('takes 100 XP to pass level 1 and 100n + 50(n-1) for higher levels', () => {
    expect(levelThreshold(1)).toBe(100);
    expect(levelThreshold(2)).toBe(250);
    expect(levelThreshold(3)).toBe(400);
    expect(levelThreshold(10)).toBe(1450);
  });

  it('raises the level exactly when the total meets the threshold', () => {
    expect(levelForXP(0)).toBe(1);
    expect(levelForXP(99)).toBe(1);
    expect(levelForXP(100)).toBe(2);
    expect(levelForXP(249)).toBe(2);
    expect(levelForXP(250)).toBe(3);
  });

  it('stops at the maximum level', () => {
    expect(levelForXP(levelThreshold(MAX_LEVEL - 1))).toBe(MAX_LEVEL);
    expect(levelForXP(10_000_000)).toBe(MAX_LEVEL);
  });

  it('reports a new player as level 1 with 0 of 100 XP', () => {
    expect(levelProgress(0)).toEqual({
      currentLevel: 1,
      currentLevelXP: 0,
      nextLevelXP: 100,
      xpProgress: 0,
      xpToNext: 100,
      totalXP: 0,
    });
  });

  it('reports progress inside a level', () => {
    expect(levelProgress(175)).toEqual({
      currentLevel: 2,
      currentLevelXP: 100,
      nextLevelXP: 250,
      xpProgress: 50,
      xpToNext: 75,
      totalXP: 175,
    });
  });

  it('reports a full bar and nothing to go at the maximum level', () => {
    const p = levelProgress(10_000_000);
    expect(p).toMatchObject({ currentLevel: MAX_LEVEL, xpProgress: 100, xpToNext: 0 });
    expect(p.nextLevelXP).toBe(p.currentLevelXP);
  });

  it('treats negative or non-finite totals as zero', () => {
    expect(levelProgress(-5).totalXP).toBe(0);
    expect(levelProgress(Number.NaN).currentLevel).toBe(1);
  });
});

describe('level rewards', () => {
  it('lists bonus swipes, playbooks, pods and advanced challenges at their levels', () => {
    expect(levelRewards(2)).toEqual([]);
    expect(levelRewards(3).map((r) => r.kind)).toEqual(['playbook']);
    expect(levelRewards(5).map((r) => r.kind)).toEqual(['bonus_swipe']);
    expect(levelRewards(10).map((r) => r.kind)).toEqual(['bonus_swipe', 'pod_creation']);
    expect(levelRewards(20).map((r) => r.kind)).toEqual(['bonus_swipe', 'advanced_challenges']);
    expect(levelRewards(25).map((r) => r.kind)).toEqual(['bonus_swipe', 'playbook']);
  });
});
