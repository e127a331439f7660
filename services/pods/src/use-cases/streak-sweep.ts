import { settleCandidatesBefore } from '@vere/domain';
import type { PodsDeps } from '../deps';
import { settlePod } from './pod-streak';

/** The week-end sweep, a scheduled job (service.ts): once a minute, on one replica. */
export const STREAK_SWEEP_JOB = 'pods-streak-sweep';
export const STREAK_SWEEP_CRON = '* * * * *';

/**
 * The week-end sweep: every pod whose streak is running but whose last counted week is older than
 * last week (in its creator's zone) is settled, each in its own unit of work under the pod's row
 * lock: a banked save covers a week one member missed, otherwise the streak goes back to 0.
 * Settling twice changes nothing. Answers how many pods changed.
 */
export async function sweepStreaks(
  deps: Pick<PodsDeps, 'transaction' | 'db' | 'podStreaks'>,
  now: Date,
): Promise<number> {
  let changed = 0;
  for (const podId of await deps.podStreaks.runningSince(deps.db, settleCandidatesBefore(now))) {
    if (await deps.transaction((tx) => settlePod(deps, tx, podId, now))) changed++;
  }
  return changed;
}
