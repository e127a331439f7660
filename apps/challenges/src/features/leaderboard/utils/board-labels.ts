import type { LeaderboardPeriod, LeaderboardScope } from '@vere/domain';

export const PERIOD_LABELS: Record<LeaderboardPeriod, string> = { week: 'This week', all: 'All time' };
export const SCOPE_LABELS: Record<LeaderboardScope, string> = {
  friends: 'Friends',
  pods: 'Pods',
  everyone: 'Everyone',
};

// Made on first use and kept: building an Intl.DateTimeFormat is the costly part (each render of
// the boards used to build four).
let dayFormat: Intl.DateTimeFormat | null = null;
let dayMonthFormat: Intl.DateTimeFormat | null = null;

/** "11–17 Jan" / "28 Dec – 3 Jan": the week a weekly board counts (dates are calendar dates, shown as such). */
export function weekRange(startDate: string, endDate: string): string {
  dayFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', timeZone: 'UTC' });
  dayMonthFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const date = (d: string) => new Date(`${d}T00:00:00Z`);
  const sameMonth = startDate.slice(0, 7) === endDate.slice(0, 7);
  const start = (sameMonth ? dayFormat : dayMonthFormat).format(date(startDate));
  const end = dayMonthFormat.format(date(endDate));
  return sameMonth ? `${start}–${end}` : `${start} – ${end}`;
}

/** What an empty or lonely board says, per scope. */
export const LONELY_BOARD: Record<LeaderboardScope, string> = {
  friends: 'Just you so far. Add friends on Connect to race them here.',
  pods: 'Just you so far. Join or start a pod on Connect to see your pod-mates here.',
  everyone: 'No one has earned XP yet. Complete a sidequest to be first.',
};
