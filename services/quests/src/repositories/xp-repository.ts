import { LevelReached, XpAwarded } from '@vere/contracts';
import { levelForXP, levelRewards, type LevelReward } from '@vere/domain';
import { newEvent, outboxRecord, type DomainEvent, type EventMeta } from '@vere/service-kit';
import type pg from 'pg';

export interface Award {
  userId: string;
  /** Unique per source: `todo:<id>`, `weekly:<id>`. */
  sourceKey: string;
  reason: 'todo_completed' | 'weekly_completed' | 'other';
  amount: number;
}

export type AwardOutcome =
  | { awarded: false; totalXp: number }
  | { awarded: true; totalXp: number; previousLevel: number; level: number; rewards: LevelReward[] };

export async function writeOutbox(tx: pg.ClientBase, event: DomainEvent<EventMeta>): Promise<void> {
  const r = outboxRecord(event);
  await tx.query('INSERT INTO quests.outbox_event (id, subject, payload, occurred_at) VALUES ($1, $2, $3, $4)', [r.id, r.subject, r.payload, r.occurredAt]);
}

/**
 * Adds XP once per source key, inside the caller's transaction: the ledger's primary key turns a
 * repeat (retry, race, redelivery) into a no-op. Writes quests.xp.awarded.v1 for every award and
 * quests.level.reached.v1 when the level rises, in the same transaction (the outbox).
 */
export async function awardXp(tx: pg.ClientBase, a: Award): Promise<AwardOutcome> {
  const inserted = await tx.query(
    `INSERT INTO quests.xp_ledger (source_key, user_id, amount, reason) VALUES ($1, $2, $3, $4) ON CONFLICT (source_key) DO NOTHING`,
    [a.sourceKey, a.userId, a.amount, a.reason],
  );
  if (inserted.rowCount !== 1) {
    const { rows } = await tx.query<{ total_xp: number }>('SELECT total_xp FROM quests.player WHERE user_id = $1', [a.userId]);
    return { awarded: false, totalXp: rows[0]?.total_xp ?? 0 };
  }
  const { rows: [player] } = await tx.query<{ total_xp: number }>(
    'UPDATE quests.player SET total_xp = total_xp + $2, updated_at = now() WHERE user_id = $1 RETURNING total_xp', [a.userId, a.amount],
  );
  if (!player) throw new Error(`no player ${a.userId} to award XP to`);
  const totalXp = player.total_xp;
  const previousLevel = levelForXP(totalXp - a.amount);
  const level = levelForXP(totalXp);
  await writeOutbox(tx, newEvent(XpAwarded.subject, a.userId, { sourceKey: a.sourceKey, reason: a.reason, amount: a.amount, totalXP: totalXp, level }));
  const rewards: LevelReward[] = [];
  for (let l = previousLevel + 1; l <= level; l += 1) rewards.push(...levelRewards(l));
  if (level > previousLevel) {
    await writeOutbox(tx, newEvent(LevelReached.subject, a.userId, { level, previousLevel, totalXP: totalXp, rewards }));
  }
  return { awarded: true, totalXp, previousLevel, level, rewards };
}
