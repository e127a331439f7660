import type { LeaderboardPeriod, LeaderboardScope } from '@vere/domain';

export const PERIOD_LABELS: Record<LeaderboardPeriod, string> = { week: 'This week', all: 'All time' };
export const SCOPE_LABELS: Record<LeaderboardScope, string> = {
  friends: 'Friends',
  pods: 'Pods',
  everyone: 'Everyone',
};

/** "11–17 Jan" / "28 Dec – 3 Jan": the week a weekly board counts (dates are calendar dates, shown as such). */
export function weekRange(startDate: string, endDate: string): string {
  const fmt = (d: string, opts: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { ...opts, timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
  const sameMonth = startDate.slice(0, 7) === endDate.slice(0, 7);
  return sameMonth
    ? `${fmt(startDate, { day: 'numeric' })}–${fmt(endDate, { day: 'numeric', month: 'short' })}`
    : `${fmt(startDate, { day: 'numeric', month: 'short' })} – ${fmt(endDate, { day: 'numeric', month: 'short' })}`;
}

/** What an empty or lonely board says, per scope. */
export const LONELY_BOARD: Record<LeaderboardScope, string> = {
  friends: 'Just you so far. Add friends on Connect to race them here.',
  pods: 'Just you so far. Join or start a pod on Connect to see your pod-mates here.',
  everyone: 'No one has earned XP yet. Complete a sidequest to be first.',
};
