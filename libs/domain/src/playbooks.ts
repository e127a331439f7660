// Playbook unlocks (spec §6, issue 11): the slot of each level in PLAYBOOK_LEVELS opens when the
// player reaches that level, and every slot is open for Pro. The service decides with this rule;
// the playbooks page only shows the service's answer.
import { PLAYBOOK_LEVELS } from './levels';

export interface PlaybookSlot {
  /** 1 for the first playbook (level 3), up to 7 (level 50). */
  slot: number;
  unlockLevel: number;
  unlocked: boolean;
}

export function playbookUnlocks(input: { level: number; isPro: boolean }): PlaybookSlot[] {
  return PLAYBOOK_LEVELS.map((unlockLevel, i) => ({
    slot: i + 1,
    unlockLevel,
    unlocked: input.isPro || input.level >= unlockLevel,
  }));
}
