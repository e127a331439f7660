import { describe, expect, it } from 'vitest';
import { playbookUnlocks } from './playbooks';

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
