import { describe, expect, it } from 'vitest';
import { levelUpMessage } from './level-up-message';

describe('level-up message', () => {
  it('names the level and the rewards libs/domain gives for it', () => {
    expect(levelUpMessage(2)).toBe('Level 2!');
    expect(levelUpMessage(3)).toBe('Level 3! · New playbook unlocked');
    expect(levelUpMessage(10)).toBe('Level 10! · +1 daily swipe · Pod creation unlocked');
  });
});
