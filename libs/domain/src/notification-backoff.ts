/*
 * Back-off for kinds the user keeps ignoring (issue 25 point 6; decision 0055). A delivery the user
 * never read counts as ignored; once the newest three deliveries of a kind are all ignored, that
 * kind waits longer between sends: two periods, then four, then eight at most. Reading any one of
 * them (or tapping it) starts the count again. A streak warning is never backed off (it is the one
 * reminder the schedule promises never to drop).
 */

/** Ignored deliveries in a row before a kind is sent less often. */
export const BACKOFF_AFTER_IGNORED = 3;
/** The longest gap, in the kind's periods. */
export const BACKOFF_MAX_FACTOR = 8;

/** The period a backed-off kind is counted in, and the slack a wall-clock period needs (DST, catch-up). */
const PERIOD_MS: Record<BackoffKind, number> = {
  challenge_reminder: 86_400_000,
  weekly_announcement: 7 * 86_400_000,
  /** The weekly pod digest e-mail (read: the user read a pod item in the week after it). */
  pod_digest: 7 * 86_400_000,
};
const SLACK_MS = 2 * 3_600_000;

export type BackoffKind = 'challenge_reminder' | 'weekly_announcement' | 'pod_digest';
export const BACKOFF_KINDS: readonly string[] = Object.keys(PERIOD_MS);

/** One earlier delivery of the kind: when, and whether the user read it. */
export interface Delivery {
  at: Date;
  read: boolean;
}

/** How many of the newest deliveries (newest first) went unread, up to the first one read. */
export function ignoredInARow(newestFirst: readonly Delivery[]): number {
  let n = 0;
  for (const d of newestFirst) {
    if (d.read) break;
    n += 1;
  }
  return n;
}

/** Periods between sends: 1 until three are ignored in a row, then 2, 4, 8 (and no more). */
export function backoffFactor(ignored: number): number {
  if (ignored < BACKOFF_AFTER_IGNORED) return 1;
  return Math.min(BACKOFF_MAX_FACTOR, 2 ** (ignored - BACKOFF_AFTER_IGNORED + 1));
}

/** The deliveries of one kind the rule needs to see (newest first): enough to reach the largest factor. */
export const BACKOFF_HISTORY = BACKOFF_AFTER_IGNORED + Math.log2(BACKOFF_MAX_FACTOR);

/**
 * Whether a delivery of `kind` due at `now` is held back: the user ignored the last few and the
 * grown gap since the newest has not passed yet. Kinds outside the rule are never held.
 */
export function backedOff(kind: string, newestFirst: readonly Delivery[], now: Date): boolean {
  const period = PERIOD_MS[kind as BackoffKind];
  const last = newestFirst[0];
  if (!period || !last) return false;
  const factor = backoffFactor(ignoredInARow(newestFirst));
  if (factor === 1) return false;
  return now.getTime() - last.at.getTime() < factor * period - SLACK_MS;
}
