import { formatUnlocksIn, isWeekendWindow, nextWeekendStart } from '@vere/domain';

/**
 * The weekend window by the shared rule in the user's zone, for the hub when quests cannot answer.
 * Loaded only then: the rule needs the time-zone library and the browser's Intl data (hub-page.tsx).
 */
export function weekendByRule(now: Date, timeZone: string | undefined): { weekendOpen: boolean; unlocksIn: string } {
  return {
    weekendOpen: isWeekendWindow(now, timeZone),
    unlocksIn: formatUnlocksIn(nextWeekendStart(now, timeZone).getTime() - now.getTime()),
  };
}
