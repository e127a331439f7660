import { LevelReached, XpAwarded } from '@vere/contracts';
import { levelForXP, levelRewards, xpWeekAt, type LevelReward } from '@vere/domain';
import { newEvent, writeOutbox, type PgTx } from '@vere/service-kit';
import type { LedgerEntry } from '../repositories/xp-repository';
import type { QuestsDeps } from './deps';

export type Award = LedgerEntry;

export type AwardOutcome =
  | { awarded: false; totalXp: number }
  | { awarded: true; totalXp: number; previousLevel: number; level: number; rewards: LevelReward[] };

/**
 * Adds XP once per source key, inside the caller's transaction: the ledger's primary key turns a
 * repeat (retry, race, redelivery) into a no-op. Writes quests.xp.awarded.v1 for every award and
 * quests.level.reached.v1 when the level rises (with the rewards of every level passed), in the
 * same transaction.
 */
export async function awardXp(
  deps: Pick<QuestsDeps, 'xp' | 'players' | 'leaderboard' | 'clock'>,
  tx: PgTx,
  award: Award,
): Promise<AwardOutcome> {
  if (!(await deps.xp.record(tx, award)))
    return { awarded: false, totalXp: (await deps.players.totalXpOf(tx, award.userId)) ?? 0 };
  const player = await deps.xp.addToTotal(tx, award.userId, award.amount);
  if (player === undefined) throw new Error(`no player ${award.userId} to award XP to`);
  const { totalXp } = player;
  // This week's boards count it toward the week it is for the earner (decision 0037).
  await deps.leaderboard.addWeeklyXp(tx, award.userId, xpWeekAt(deps.clock(), player.timeZone), award.amount);
  const previousLevel = levelForXP(totalXp - award.amount);
  const level = levelForXP(totalXp);
  const rewards: LevelReward[] = [];
  for (let l = previousLevel + 1; l <= level; l += 1) rewards.push(...levelRewards(l));
  const { userId, sourceKey, reason, amount } = award;
  await writeOutbox(tx, newEvent(XpAwarded.subject, userId, { sourceKey, reason, amount, totalXP: totalXp, level }));
  if (level > previousLevel) {
    await writeOutbox(tx, newEvent(LevelReached.subject, userId, { level, previousLevel, totalXP: totalXp, rewards }));
  }
  return { awarded: true, totalXp, previousLevel, level, rewards };
}
