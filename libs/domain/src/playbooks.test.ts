import { describe, expect, it } from 'vitest';
import { currentWeekIndex, PLAYBOOK_XP, playbookAccess, playbookUnlocks, quizXp, wordCount } from './playbooks';

const open = (input: { level: number; isPro: boolean }) =>
  playbookUnlocks(input)
    .filter((s) => s.unlocked)
    .map((s) => s.unlockLevel);

describe('playbook unlocks', () => {
  it('lists the seven slots at levels 3, 7, 12, 18, 25, 35 and 50', () => {
    expect(playbookUnlocks({ level: 1, isPro: false }).map((s) => [s.slot, s.unlockLevel])).toEqual([
      [1, 3],
      [2, 7],
      [3, 12],
      [4, 18],
      [5, 25],
      [6, 35],
      [7, 50],
    ]);
  });

  it('opens a slot once the level reaches it', () => {
    expect(open({ level: 1, isPro: false })).toEqual([]);
    expect(open({ level: 2, isPro: false })).toEqual([]);
    expect(open({ level: 3, isPro: false })).toEqual([3]);
    expect(open({ level: 7, isPro: false })).toEqual([3, 7]);
    expect(open({ level: 49, isPro: false })).toEqual([3, 7, 12, 18, 25, 35]);
    expect(open({ level: 50, isPro: false })).toHaveLength(7);
  });

  it('opens every slot for Pro, whatever the level', () => {
    expect(open({ level: 1, isPro: true })).toEqual([3, 7, 12, 18, 25, 35, 50]);
  });
});

describe('playbook progress rules', () => {
  it('scores a quiz by its share of right answers, rounded down', () => {
    expect([0, 1, 2].map((c) => quizXp(c, 2))).toEqual([0, 15, 30]);
    expect([0, 1, 2, 3].map((c) => quizXp(c, 3))).toEqual([0, 10, 20, 30]);
    expect(quizXp(5, 3)).toBe(PLAYBOOK_XP.quizMax);
  });

  it('opens a playbook from its level, for Pro, and the level-1 one for everyone', () => {
    expect(playbookAccess({ unlockLevel: 1, level: 1, isPro: false })).toBe('open');
    expect(playbookAccess({ unlockLevel: 3, level: 2, isPro: false })).toBe('locked');
    expect(playbookAccess({ unlockLevel: 3, level: 3, isPro: false })).toBe('open');
    expect(playbookAccess({ unlockLevel: 50, level: 2, isPro: true })).toBe('open');
  });

  it('puts the player on the first week with a step left', () => {
    const weeks = [{ steps: [{ id: 'a' }, { id: 'b' }] }, { steps: [{ id: 'c' }] }];
    expect(currentWeekIndex(weeks, new Set())).toBe(0);
    expect(currentWeekIndex(weeks, new Set(['a', 'b']))).toBe(1);
    expect(currentWeekIndex(weeks, new Set(['a', 'b', 'c']))).toBe(2);
  });

  it('counts words as runs of non-space', () => {
    expect(wordCount('  one two\n\nthree ')).toBe(3);
  });
});
