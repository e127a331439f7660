import { PodStreakUpdated } from '@vere/contracts';
import {
  allCompleted,
  challengeCompletedByAll,
  countedMembers,
  membersWhoMissed,
  missedWeek,
  podZone,
  riseFor,
  saveMayCover,
  settleMissedWeek,
  weekCounted,
  weekStartAt,
  type PodStreakChange,
} from '@vere/domain';
import { newEvent, writeOutbox, type PgTx } from '@vere/service-kit';
import type { PodsDeps } from '../deps';
import { notifyPod } from '../live/messages';
import type { PodStreakRow } from '../repositories/pod-streak-repository';

/*
 * The pod streak's I/O around @vere/domain's pod-streak rules, always inside the caller's unit of
 * work and under the pod's row lock: read the members and their completions, store the new streak,
 * write pods.pod.streak.updated.v1 and tell the pod's live streams.
 */

type Deps = Pick<PodsDeps, 'podStreaks'>;

/** Stores a change and publishes it (the event, and the members' live streams after the commit). */
async function apply(
  deps: Deps,
  tx: PgTx,
  pod: PodStreakRow,
  change: PodStreakChange,
  userId: string,
): Promise<PodStreakRow> {
  await deps.podStreaks.store(tx, pod.id, change.next);
  const fields = {
    podId: pod.id,
    currentStreak: change.next.currentStreak,
    previousStreak: change.previousStreak,
    saves: change.next.saves,
    reason: change.reason,
    weeklyChallengeId: change.weeklyChallengeId,
    week: change.week,
  };
  const event = newEvent(PodStreakUpdated.subject, userId, fields);
  await writeOutbox(tx, event);
  await notifyPod(tx, {
    kind: 'pod-streak-updated',
    podId: pod.id,
    authorId: null,
    data: { ...fields, occurredAt: event.payload.occurredAt },
  });
  return { ...pod, ...change.next };
}

/**
 * Settles a week that ended without the pod completing (before a rise, and in the sweep): a banked
 * save may cover it, otherwise the streak goes back to 0. Answers the pod after settling (the same
 * object when nothing changed).
 */
async function settle(deps: Deps, tx: PgTx, pod: PodStreakRow, now: Date): Promise<PodStreakRow> {
  const zone = podZone(pod.creatorZone);
  const missed = missedWeek(pod, now, zone);
  if (missed === null) return pod;
  let coverage: { counted: number; missed: number } | undefined;
  if (saveMayCover(pod, missed, now, zone)) {
    const counted = countedMembers(await deps.podStreaks.membersOf(tx, pod.id), missed, zone);
    const completions = await deps.podStreaks.completionsAround(
      tx,
      counted.map((m) => m.userId),
      missed,
    );
    coverage = { counted: counted.length, missed: membersWhoMissed(counted, completions, missed, zone) };
  }
  // A save used or a reset is no one member's doing: the event names the pod's creator.
  return apply(deps, tx, pod, settleMissedWeek(pod, missed, coverage), pod.createdBy);
}

/**
 * After `actor` completed `weeklyChallengeId` at `completedAt`: when every counted member of the
 * pod has completed it, the streak rises by 1, once per weekly challenge (under the pod's row lock).
 */
export async function advancePodStreak(
  deps: Deps,
  tx: PgTx,
  podId: string,
  e: { actor: string; weeklyChallengeId: string; completedAt: Date; now: Date },
): Promise<void> {
  let pod = await deps.podStreaks.lockPod(tx, podId);
  if (!pod || pod.lastChallengeId === e.weeklyChallengeId) return;
  pod = await settle(deps, tx, pod, e.now);
  const zone = podZone(pod.creatorZone);
  const week = weekStartAt(e.completedAt, zone);
  if (weekCounted(pod, week)) return; // that week already counted (or a late event)
  const counted = countedMembers(await deps.podStreaks.membersOf(tx, podId), week, zone);
  const completedBy = await deps.podStreaks.completersOf(
    tx,
    e.weeklyChallengeId,
    counted.map((m) => m.userId),
  );
  if (!allCompleted(counted, completedBy)) return;
  await apply(deps, tx, pod, riseFor(pod, week, e.weeklyChallengeId), e.actor);
}

/**
 * After a member left or was removed (`actor` did it; the member row is already gone, in the same
 * unit of work): when every remaining counted member has completed one weekly challenge this week,
 * the streak rises as if the last completion had just arrived — once per week and challenge.
 */
export async function recheckPodStreak(
  deps: Deps,
  tx: PgTx,
  podId: string,
  e: { actor: string; now: Date },
): Promise<void> {
  let pod = await deps.podStreaks.lockPod(tx, podId);
  if (!pod) return;
  pod = await settle(deps, tx, pod, e.now);
  const zone = podZone(pod.creatorZone);
  const week = weekStartAt(e.now, zone);
  if (weekCounted(pod, week)) return; // this week already counted
  const counted = countedMembers(await deps.podStreaks.membersOf(tx, podId), week, zone);
  if (counted.length === 0) return;
  const completions = await deps.podStreaks.completionsAround(
    tx,
    counted.map((m) => m.userId),
    week,
  );
  const challenge = challengeCompletedByAll(counted, completions, week, zone, pod.lastChallengeId);
  if (challenge) await apply(deps, tx, pod, riseFor(pod, week, challenge), e.actor);
}

/** The week-end sweep for one pod: resets or covers an ended week the pod missed; true when it changed. */
export async function settlePod(deps: Deps, tx: PgTx, podId: string, now: Date): Promise<boolean> {
  const pod = await deps.podStreaks.lockPod(tx, podId);
  return pod !== undefined && (await settle(deps, tx, pod, now)) !== pod;
}
