import type { WeeklyCompletedPayload } from '@vere/contracts';
import type { PgTx } from '@vere/service-kit';
import type { PodsDeps } from '../deps';
import { notifyPod } from '../live/messages';
import { advancePodStreak } from './pod-streak';

/**
 * Effect of quests.weekly.completed.v1 (durable `pods-weekly`, in the consumer's unit of work with
 * its inbox mark): the completion is kept for the streak; each ticked pod the user is a member of
 * now gets one log entry (the title as message, the note as proof text, the photo's id); then the
 * streak of every pod the user is in is checked. Redelivered, it changes nothing (the inbox, and
 * one entry per pod, user and weekly challenge).
 */
export function onWeeklyCompleted(deps: PodsDeps) {
  return async (tx: PgTx, e: WeeklyCompletedPayload): Promise<void> => {
    if (await deps.readModels.isErased(tx, e.userId)) return;
    const completedAt = new Date(e.completedAt);
    await deps.podStreaks.recordCompletion(tx, {
      userId: e.userId,
      weeklyChallengeId: e.weeklyChallengeId,
      completedAt,
    });
    const entries = await deps.pods.shareToLog(tx, {
      userId: e.userId,
      weeklyChallengeId: e.weeklyChallengeId,
      podIds: e.podIds,
      message: e.title,
      proofText: e.note ?? null,
      proofPhotoId: e.proofPhotoId ?? null,
      at: completedAt,
    });
    for (const entry of entries) {
      await notifyPod(tx, {
        kind: 'pod-log-added',
        podId: entry.podId,
        authorId: entry.userId,
        data: { ...entry, createdAt: entry.createdAt.toISOString() },
      });
    }
    const now = deps.clock();
    for (const podId of await deps.pods.podIdsOf(tx, e.userId)) {
      await advancePodStreak(deps, tx, podId, {
        actor: e.userId,
        weeklyChallengeId: e.weeklyChallengeId,
        completedAt,
        now,
      });
    }
  };
}
