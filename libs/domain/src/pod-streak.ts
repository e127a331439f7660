import { addDays, DEFAULT_TIME_ZONE, isTimeZone, localDate } from './time-zone';
import { weekStartAt } from './weeks';

// The pod streak (issue 10, decision 0024): consecutive weeks in which every counted member of a
// pod completed the week's weekly challenge, with a banked save covering one member's missed week.
// Weeks are the pod creator's (Sunday to Saturday in their zone), named by their Sunday.

/** Every 4th consecutive completed week banks a save… */
export const POD_STREAK_SAVE_EVERY = 4;
/** …and at most this many are banked. */
export const POD_STREAK_MAX_SAVES = 1;

/** What the pod row keeps of its streak. */
export interface PodStreak {
  currentStreak: number;
  /** The Sunday of the newest week completed or covered by a save; null before the first. */
  lastWeek: string | null;
  /** The weekly challenge whose completion last raised the streak (a redelivery raises it once). */
  lastChallengeId: string | null;
  saves: number;
}

export type PodStreakReason = 'completed' | 'reset' | 'save_used';

/** A change of the streak: the state to store, and what pods.pod.streak.updated.v1 tells. */
export interface PodStreakChange {
  next: PodStreak;
  previousStreak: number;
  reason: PodStreakReason;
  /** The week it is about: the one completed, or the one missed. */
  week: string;
  weeklyChallengeId: string | null;
}

/** The pod's zone is its creator's (from identity's profile events); UTC until one is known. */
export const podZone = (creatorZone: string | null | undefined): string =>
  creatorZone && isTimeZone(creatorZone) ? creatorZone : DEFAULT_TIME_ZONE;

/**
 * The members a week counts (spec §4.4, the creator included): those who joined before the week
 * began in the pod's zone; a member who joined during it counts from the next week. In the pod's
 * first week (nobody joined before it) everyone who has joined counts.
 */
export function countedMembers<M extends { joinedAt: Date }>(members: M[], week: string, zone: string): M[] {
  const before = members.filter((m) => localDate(m.joinedAt, zone) < week);
  return before.length > 0 ? before : members;
}

/** Whether `week` has been counted already (completed or covered), or is older than the one that was. */
export const weekCounted = (pod: PodStreak, week: string): boolean => pod.lastWeek !== null && pod.lastWeek >= week;

/** Whether every counted member is among those who completed. */
export function allCompleted(counted: { userId: string }[], completedBy: Iterable<string>): boolean {
  const done = new Set(completedBy);
  return counted.every((m) => done.has(m.userId));
}

/**
 * The first weekly challenge of `week` (other than `except`, the one that last raised the streak)
 * that every counted member completed, from their completions; undefined when there is none.
 */
export function challengeCompletedByAll(
  counted: { userId: string }[],
  completions: { userId: string; weeklyChallengeId: string; completedAt: Date }[],
  week: string,
  zone: string,
  except: string | null,
): string | undefined {
  const members = new Set(counted.map((m) => m.userId));
  const byChallenge = new Map<string, Set<string>>();
  for (const c of completions) {
    if (!members.has(c.userId) || c.weeklyChallengeId === except || weekStartAt(c.completedAt, zone) !== week) continue;
    const users = byChallenge.get(c.weeklyChallengeId) ?? new Set<string>();
    users.add(c.userId);
    byChallenge.set(c.weeklyChallengeId, users);
  }
  return [...byChallenge].find(([, users]) => users.size === members.size)?.[0];
}

/** The streak rises by 1 for `week` (from 1 again after a gap); every 4th consecutive week banks a save. */
export function riseFor(pod: PodStreak, week: string, weeklyChallengeId: string): PodStreakChange {
  const consecutive = pod.lastWeek !== null && addDays(pod.lastWeek, 7) === week;
  const currentStreak = (consecutive ? pod.currentStreak : 0) + 1;
  const saves = currentStreak % POD_STREAK_SAVE_EVERY === 0 ? Math.min(pod.saves + 1, POD_STREAK_MAX_SAVES) : pod.saves;
  return {
    next: { currentStreak, lastWeek: week, lastChallengeId: weeklyChallengeId, saves },
    previousStreak: pod.currentStreak,
    reason: 'completed',
    week,
    weeklyChallengeId,
  };
}

/**
 * The week that ended without the pod completing and is not settled yet (the one after its last
 * counted week, once the week after it has begun at `now`); null when a running streak is up to date.
 */
export function missedWeek(pod: PodStreak, now: Date, zone: string): string | null {
  if (pod.currentStreak === 0 || pod.lastWeek === null) return null;
  const previousWeek = addDays(weekStartAt(now, zone), -7);
  return pod.lastWeek >= previousWeek ? null : addDays(pod.lastWeek, 7);
}

/**
 * Whether a banked save may cover the missed week: only the week that just ended (an older gap
 * always resets), and only with a save banked. Only then do the members' completions matter.
 */
export const saveMayCover = (pod: PodStreak, missed: string, now: Date, zone: string): boolean =>
  pod.saves > 0 && missed === addDays(weekStartAt(now, zone), -7);

/** How many counted members have no completion in `week` (in the pod's zone). */
export function membersWhoMissed(
  counted: { userId: string }[],
  completions: { userId: string; completedAt: Date }[],
  week: string,
  zone: string,
): number {
  const done = new Set(completions.filter((c) => weekStartAt(c.completedAt, zone) === week).map((c) => c.userId));
  return counted.filter((m) => !done.has(m.userId)).length;
}

/**
 * Settles a missed week: when a save may cover it and exactly one counted member (of at least two)
 * missed it, the save is spent and the streak stays (it does not rise); otherwise the streak goes
 * back to 0 (saves survive a reset).
 *
 * @param coverage the counted members of the missed week and how many of them missed it; only
 *   when `saveMayCover` (absent: a reset).
 */
export function settleMissedWeek(
  pod: PodStreak,
  missed: string,
  coverage?: { counted: number; missed: number },
): PodStreakChange {
  if (coverage && pod.saves > 0 && coverage.missed === 1 && coverage.counted >= 2) {
    const saves = pod.saves - 1;
    return {
      next: { ...pod, saves, lastWeek: missed },
      previousStreak: pod.currentStreak,
      reason: 'save_used',
      week: missed,
      weeklyChallengeId: null,
    };
  }
  return {
    next: { ...pod, currentStreak: 0 },
    previousStreak: pod.currentStreak,
    reason: 'reset',
    week: missed,
    weeklyChallengeId: null,
  };
}

/**
 * The pods the week-end sweep looks at: a running streak whose last counted week is before this
 * date. The widest zones are within ±14 h of UTC, so a pod whose last week is 8 days or more before
 * now's UTC Sunday may have missed one, whatever its creator's zone.
 */
export const settleCandidatesBefore = (now: Date): string => addDays(weekStartAt(now, 'UTC'), -6);

/**
 * Members who completed a weekly challenge in the pod's week at `now` (the streak's week, in the
 * creator's zone); a completion stamped after `now` does not count yet.
 */
export function completedThisWeek(
  completions: { userId: string; completedAt: Date }[],
  now: Date,
  zone: string,
): Set<string> {
  const week = weekStartAt(now, zone);
  return new Set(
    completions.filter((c) => c.completedAt <= now && weekStartAt(c.completedAt, zone) === week).map((c) => c.userId),
  );
}
