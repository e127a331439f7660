import type { WeeklyCompletedPayload } from '@vere/contracts';
import type { Prisma } from '../generated/prisma/client';
import { isErased } from '../repositories/read-models-repository';
import { advancePodStreak, notifyLive, podsOf, prismaSql, recordCompletion, shareCompletion } from '../repositories/streak-store';

/**
 * Effect of quests.weekly.completed.v1 (durable `pods-weekly`, inbox-idempotent): the completion is
 * kept for the streak; each ticked pod the user is a member of now gets one log entry (the title as
 * message, the note as proof text, the photo's id); then the streak of every pod the user is in is
 * checked. Redelivered, it changes nothing (the inbox, and one entry per pod, user and weekly challenge).
 */
export function onWeeklyCompleted(clock: () => Date = () => new Date()) {
  return async (tx: Prisma.TransactionClient, e: WeeklyCompletedPayload): Promise<void> => {
    if (await isErased(tx, e.userId)) return;
    const sql = prismaSql(tx);
    const completedAt = new Date(e.completedAt);
    await recordCompletion(sql, e.userId, e.weeklyChallengeId, completedAt);
    const entries = await shareCompletion(sql, {
      userId: e.userId, weeklyChallengeId: e.weeklyChallengeId, podIds: e.podIds, message: e.title,
      proofText: e.note ?? null, proofPhotoId: e.proofPhotoId ?? null, at: completedAt,
    });
    for (const entry of entries) {
      await notifyLive(sql, {
        kind: 'pod-log-added', podId: entry.podId, authorId: entry.userId,
        data: { ...entry, createdAt: entry.createdAt.toISOString() },
      });
    }
    for (const podId of await podsOf(sql, e.userId)) {
      await advancePodStreak(sql, podId, { actor: e.userId, weeklyChallengeId: e.weeklyChallengeId, completedAt, now: clock() });
    }
  };
}
