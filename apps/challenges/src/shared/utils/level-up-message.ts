import { levelRewards } from '@vere/domain';

/** What the Level Up overlay says: the new level and what it unlocks (libs/domain's rewards). */
export function levelUpMessage(level: number): string {
  const rewards = levelRewards(level).map((r) => r.text);
  return [`Level ${level}!`, ...rewards].join(' · ');
}
