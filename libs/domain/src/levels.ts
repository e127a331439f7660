/** Level curve from the spec: passing level 1 takes 100 XP in total; passing level n takes 100n + 50(n-1). */
export const MAX_LEVEL = 100;

/** Total XP at which `level` is passed (and `level + 1` reached). */
export function levelThreshold(level: number): number {
  if (!Number.isInteger(level) || level < 1) throw new RangeError(`level must be a positive integer, got ${level}`);
  return 100 * level + 50 * (level - 1);
}

/** Level reached with `totalXP`: rises while the total meets the threshold, capped at MAX_LEVEL. */
export function levelForXP(totalXP: number): number {
  const xp = sanitizeXP(totalXP);
  let level = 1;
  while (level < MAX_LEVEL && xp >= levelThreshold(level)) level += 1;
  return level;
}

export interface LevelProgress {
  currentLevel: number;
  /** Total XP at which the current level started. */
  currentLevelXP: number;
  /** Total XP at which the next level starts (equals currentLevelXP at MAX_LEVEL). */
  nextLevelXP: number;
  /** Percent of the current level done, 0 to 100. */
  xpProgress: number;
  /** XP still needed for the next level (0 at MAX_LEVEL). */
  xpToNext: number;
  totalXP: number;
}

export function levelProgress(totalXP: number): LevelProgress {
  const xp = sanitizeXP(totalXP);
  const currentLevel = levelForXP(xp);
  const currentLevelXP = currentLevel === 1 ? 0 : levelThreshold(currentLevel - 1);
  if (currentLevel === MAX_LEVEL) {
    return { currentLevel, currentLevelXP, nextLevelXP: currentLevelXP, xpProgress: 100, xpToNext: 0, totalXP: xp };
  }
  const nextLevelXP = levelThreshold(currentLevel);
  const span = nextLevelXP - currentLevelXP;
  return {
    currentLevel,
    currentLevelXP,
    nextLevelXP,
    xpProgress: Math.floor(((xp - currentLevelXP) / span) * 100),
    xpToNext: nextLevelXP - xp,
    totalXP: xp,
  };
}

function sanitizeXP(totalXP: number): number {
  if (!Number.isFinite(totalXP) || totalXP < 0) return 0;
  return Math.floor(totalXP);
}

/** Levels that unlock a playbook (spec §6). */
export const PLAYBOOK_LEVELS = [3, 7, 12, 18, 25, 35, 50] as const;
export const POD_CREATION_LEVEL = 10;
export const ADVANCED_CHALLENGES_LEVEL = 20;

export type LevelReward =
  | { kind: 'bonus_swipe'; text: string }
  | { kind: 'playbook'; text: string }
  | { kind: 'pod_creation'; text: string }
  | { kind: 'advanced_challenges'; text: string };

/** What reaching `level` gives (spec §6): a bonus daily swipe every 5 levels, playbooks, pods, advanced challenges. */
export function levelRewards(level: number): LevelReward[] {
  const rewards: LevelReward[] = [];
  if (level % 5 === 0) rewards.push({ kind: 'bonus_swipe', text: '+1 daily swipe' });
  if ((PLAYBOOK_LEVELS as readonly number[]).includes(level))
    rewards.push({ kind: 'playbook', text: 'New playbook unlocked' });
  if (level === POD_CREATION_LEVEL) rewards.push({ kind: 'pod_creation', text: 'Pod creation unlocked' });
  if (level === ADVANCED_CHALLENGES_LEVEL)
    rewards.push({ kind: 'advanced_challenges', text: 'Advanced challenges unlocked' });
  return rewards;
}
