import type { CompleteWeeklyResult, CurrentWeekly, WeeklyChallenge } from '@vere/contracts';
import type { CelebrationRequest } from '@vere/web-ui';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Spec §2.1: Time Remaining turns yellow at 24 hours or less and red at 6 hours or less. */
export const WARNING_MS = 24 * HOUR;
export const DANGER_MS = 6 * HOUR;

export type RemainingTone = 'normal' | 'warning' | 'danger';

export interface TimeRemaining {
  /** "2d 5h 12m", "5h 3m", "12m"; "0m" once the week is over. */
  text: string;
  tone: RemainingTone;
}

/**
 * Time Remaining until the user's week ends. Red is tested first, so it is reachable on every
 * screen size (the spec's phone layout tested yellow first and never showed red; not kept).
 */
export function timeRemaining(weekEndsAt: string, now: number): TimeRemaining {
  const left = Math.max(0, Date.parse(weekEndsAt) - now);
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  const text = days > 0 ? `${days}d ${hours}h ${minutes}m` : hours > 0 ? `${hours}h ${minutes}m` : `${minutes}m`;
  const tone: RemainingTone = left <= DANGER_MS ? 'danger' : left <= WARNING_MS ? 'warning' : 'normal';
  return { text, tone };
}

/** One of the pane's five pages. */
export interface ChallengePage {
  key: 'preview' | 'why' | 'part1' | 'part2' | 'reflection';
  label: string;
  text: string;
}

/** The catalogue's list marker ("- ") in front of a part, which reads as a stray dash on its own page. */
const LIST_MARKER = /^\s*-\s+/;

/**
 * Spec §2.1: preview, why, the challenge text before "- Instead of", the text from it on (shown as
 * a sentence: "Instead of …", without the list marker it was split at), and the reflection (the
 * service splits the challenge text; an empty part still gets its page).
 */
export function challengePages(weekly: WeeklyChallenge): ChallengePage[] {
  return [
    { key: 'preview', label: 'Preview', text: weekly.preview },
    { key: 'why', label: 'Why it matters', text: weekly.why },
    { key: 'part1', label: 'The challenge', text: weekly.challengePart1 },
    { key: 'part2', label: 'The challenge, part 2', text: weekly.challengePart2.replace(LIST_MARKER, '') },
    { key: 'reflection', label: 'Reflection', text: weekly.reflection },
  ];
}

/** Spec §9: drag 50 px to turn a page. Returns the page to show after a drag of `dx` pixels. */
export const SWIPE_PX = 50;
export function pageAfterDrag(page: number, dx: number, count: number): number {
  if (dx <= -SWIPE_PX) return Math.min(count - 1, page + 1);
  if (dx >= SWIPE_PX) return Math.max(0, page - 1);
  return page;
}

/**
 * Spec §9: the list is polled every hour and replaced only when its first challenge changed (a new
 * week); otherwise only the week's clock and the streak are taken from the poll, so what the user
 * is reading does not move under them.
 */
export const WEEKLY_POLL_MS = 3_600_000;
export function mergePolledWeekly(current: CurrentWeekly | undefined, polled: CurrentWeekly): CurrentWeekly {
  if (!current || current.challenges[0]?.id !== polled.challenges[0]?.id) return polled;
  return {
    ...current,
    weekStart: polled.weekStart,
    weekEndsAt: polled.weekEndsAt,
    timeZone: polled.timeZone,
    streak: polled.streak,
  };
}

/** Spec §9: the latest 5 victories on a phone, 8 on a desktop. */
export const victoriesShown = (desktop: boolean): number => (desktop ? 8 : 5);

/** The detail modal's text when proof is missing (spec §2.2, §8). */
export const PROOF_NOT_LOADED = 'Proof not yet loaded. If you submitted proof, it will appear here.';
/** Spec §8. */
export const COMPLETE_FAILED_WEEKLY = 'Failed to complete challenge';
export const ACCEPT_FAILED = 'Failed to accept challenge. Please try again.';

/** Spec §2.1: "Friends doing this" shows up to 5 avatars, then "+N". */
export const FRIENDS_AVATARS_SHOWN = 5;
/** The spec's text, "friends are doing this", with the count (one friend reads in the singular). */
export const friendsLine = (total: number): string =>
  total === 1 ? '1 friend is doing this' : `${total} friends are doing this`;

/** The pods to share a completion with and their streaks: kept current by the pods stream while the view is open. */
export const MY_PODS_STALE_MS = 5 * 60_000;

/**
 * The moment a completion opens (issue 22): the week's first completion extends the streak ("+1
 * week", the streak celebration, as the server says with `streakExtended`); another one this week
 * is a challenge celebration; a repeat that changed nothing opens none. A level-up follows it.
 */
export function completionCelebration(result: CompleteWeeklyResult): CelebrationRequest | null {
  if (!result.completedNow) return null;
  if (result.streakExtended)
    return {
      type: 'streak',
      message: `+1 week — a ${result.streak.currentStreak}-week streak!`,
      line: 'Streak extended — see you next week!',
    };
  return { type: 'challenge', message: 'Challenge complete!', line: `+${result.xpAwarded} XP` };
}
