import { StreakUpdated } from '@vere/contracts';
import {
  STREAK_LOOKBACK_WEEKS,
  streakAfterCompletion,
  weekStartAt,
  weeklyStreak,
  type StreakState,
} from '@vere/domain';
import { newEvent, writeOutbox, type PgTx } from '@vere/service-kit';
import type { StoredStreak } from '../repositories/streak-repository';
import type { QuestsDeps } from './deps';

/** The weekly streak recomputation: hourly, so a streak broken by a week without a completion is stored as such. */
export const STREAK_RECOMPUTE_JOB = 'quests-streak-recompute';
export const STREAK_RECOMPUTE_CRON = '7 * * * *';

export const streakStateOf = (row: StoredStreak): StreakState => ({
  currentStreak: row.streakCount,
  lastCompletedWeek: row.lastCompletedWeek,
});

/** Stores the streak and, when its count changed, writes quests.streak.updated.v1 with it. */
async function storeStreak(
  deps: Pick<QuestsDeps, 'streaks'>,
  tx: PgTx,
  userId: string,
  previous: number,
  next: StreakState,
  now: Date,
): Promise<void> {
  await deps.streaks.store(tx, userId, next, now);
  if (previous !== next.currentStreak) {
    await writeOutbox(
      tx,
      newEvent(StreakUpdated.subject, userId, {
        currentStreak: next.currentStreak,
        previousStreak: previous,
        lastCompletedWeek: next.lastCompletedWeek,
      }),
    );
  }
}

/**
 * Inside the completion's transaction: the streak after a completion in `week` (the user's local
 * Sunday), kept incrementally. The player row is locked, so concurrent completions apply in turn.
 */
export async function advanceStreak(
  deps: Pick<QuestsDeps, 'streaks'>,
  tx: PgTx,
  userId: string,
  week: string,
  now: Date,
): Promise<{ state: StreakState; extended: boolean }> {
  const row = await deps.streaks.lock(tx, userId);
  if (!row) throw new Error(`no player ${userId}`);
  const before = streakStateOf(row);
  const after = streakAfterCompletion(before, week);
  await deps.streaks.touch(tx, userId, now);
  if (after !== before) await storeStreak(deps, tx, userId, before.currentStreak, after, now);
  return { state: after, extended: after !== before };
}

export interface RecomputeResult {
  checked: number;
  corrected: number;
}

/**
 * The recomputation job: every player with a stored streak or a recent completion, recounted from
 * their completions in their current zone (spec §4.4, up to 100 weeks back). A stored value that
 * differs (a broken streak after a week without a completion, a zone change, a missed increment)
 * is corrected, unless a completion changed it since it was read.
 */
export async function recomputeStreaks(
  deps: Pick<QuestsDeps, 'db' | 'transaction' | 'streaks'>,
  now: Date,
  pageSize = 500,
): Promise<RecomputeResult> {
  const since = new Date(now.getTime() - (STREAK_LOOKBACK_WEEKS + 2) * 7 * 86_400_000);
  let after = '00000000-0000-0000-0000-000000000000';
  const result: RecomputeResult = { checked: 0, corrected: 0 };
  for (;;) {
    const rows = await deps.streaks.candidates(deps.db, { after, since, limit: pageSize });
    for (const c of rows) {
      result.checked += 1;
      const weeks = c.completions.map((at) => weekStartAt(new Date(at), c.timeZone));
      const next: StreakState = {
        currentStreak: weeklyStreak(weeks, weekStartAt(now, c.timeZone)),
        lastCompletedWeek: weeks.length > 0 ? weeks.reduce((a, b) => (a > b ? a : b)) : c.lastCompletedWeek,
      };
      if (next.currentStreak === c.streakCount && next.lastCompletedWeek === c.lastCompletedWeek) continue;
      const corrected = await deps.transaction(async (tx) => {
        if (!(await deps.streaks.lockIfUnchanged(tx, c.userId, c))) return false;
        await storeStreak(deps, tx, c.userId, c.streakCount, next, now);
        return true;
      });
      if (corrected) result.corrected += 1;
    }
    if (rows.length < pageSize) return result;
    after = rows[rows.length - 1]!.userId;
  }
}
