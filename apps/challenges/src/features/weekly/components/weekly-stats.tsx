import { Card, IconClock, IconFlame, Skeleton, cx } from '@vere/web-ui';
import { timeRemaining } from '../utils/weekly-logic';

interface WeeklyStatsProps {
  streak: number | undefined;
  weekEndsAt: string | undefined;
  now: Date;
}

/** Weekly Stats (spec §2.1): Current Streak in weeks, Time Remaining (yellow ≤ 24 h, red ≤ 6 h). */
export function WeeklyStats({ streak, weekEndsAt, now }: WeeklyStatsProps) {
  const remaining = weekEndsAt ? timeRemaining(weekEndsAt, now.getTime()) : null;
  return (
    <Card className="ch-wstats" data-tour="weekly-stats">
      <h2 className="ch-side__title">Weekly Stats</h2>
      <dl className="ch-stats">
        <div className="ch-stat">
          <dt>
            <IconFlame size={16} /> Current Streak
          </dt>
          <dd data-testid="weekly-streak">
            {streak === undefined ? (
              <Skeleton width="64px" height="24px" />
            ) : (
              `${streak} ${streak === 1 ? 'week' : 'weeks'}`
            )}
          </dd>
        </div>
        <div className="ch-stat">
          <dt>
            <IconClock size={16} /> Time Remaining
          </dt>
          <dd
            data-testid="time-remaining"
            data-tone={remaining?.tone}
            className={cx('ch-remaining', remaining && `is-${remaining.tone}`)}
          >
            {remaining ? remaining.text : <Skeleton width="64px" height="24px" />}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
