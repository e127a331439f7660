// Pod playbooks (issue 23 point 5, decision 0041): a pod runs a playbook together, and its next week
// opens when enough of its current members have finished the open one.

/** Who must have finished the open week before the next one opens: every member, or more than half. */
export type PodPlaybookMode = 'all' | 'majority';

export const POD_PLAYBOOK_MODES: readonly PodPlaybookMode[] = ['all', 'majority'];

/**
 * How many of `members` must have finished the open week for the pod's next one to open: all of
 * them, or a strict majority (2 of 3, 3 of 4, 1 of 1). A pod always has its creator, so at least 1.
 */
export function podWeekQuorum(mode: PodPlaybookMode, members: number): number {
  const n = Math.max(members, 1);
  return mode === 'all' ? n : Math.floor(n / 2) + 1;
}

/** Whether `finished` of `members` members open the next week. */
export function podWeekOpens(mode: PodPlaybookMode, members: number, finished: number): boolean {
  return finished >= podWeekQuorum(mode, members);
}

/** The sentence the playbook screen shows under a week the pod has not opened yet. */
export function podWeekLockedSentence(mode: PodPlaybookMode, week: number): string {
  return mode === 'all'
    ? `Your pod opens week ${week} when everyone has finished week ${week - 1}.`
    : `Your pod opens week ${week} when most of you have finished week ${week - 1}.`;
}

/** A member is behind (and may be nudged) while they have not finished the pod's open week. */
export function isBehind(weeksFinished: number, openWeek: number): boolean {
  return weeksFinished < openWeek;
}
