import { cx } from './class-names';
import { IconFlame } from './icons';

/** "1 week", "3 weeks": how the weekly streak reads everywhere. */
export const streakWeeks = (weeks: number): string => `${weeks} ${weeks === 1 ? 'week' : 'weeks'}`;

export interface StreakBadgeProps {
  /** The weekly streak (consecutive weeks with a completed weekly challenge). */
  weeks: number;
  /** `count`: the flame and the number (the frame); `weeks`: the flame and "N weeks" (hub, profile). */
  format?: 'count' | 'weeks';
  className?: string;
  testId?: string;
}

/**
 * The weekly streak in view (issue 22): a flame and the count, lit once the streak has started.
 * Announced as "Weekly streak: N weeks" (the visible count is part of that name).
 */
export function StreakBadge({ weeks, format = 'weeks', className, testId }: StreakBadgeProps) {
  return (
    <span
      className={cx('vui-streak', weeks > 0 && 'vui-streak--lit', className)}
      role="img"
      aria-label={`Weekly streak: ${streakWeeks(weeks)}`}
      title={`Weekly streak: ${streakWeeks(weeks)}`}
      data-testid={testId}
    >
      <IconFlame size={18} />
      <span className="vui-streak__count">{format === 'count' ? weeks : streakWeeks(weeks)}</span>
    </span>
  );
}
