import { Card } from '@vere/web-ui';

/** Spec §2.2: the Daily XP card's goal. */
export const DAILY_XP_GOAL = 100;

/** Spec §2.1/§2.2: "Today's Progress" toward 100 XP; "Daily goal reached!" at the goal. */
export function DailyXp({ xpToday }: { xpToday: number }) {
  const reached = xpToday >= DAILY_XP_GOAL;
  const percent = Math.min(100, Math.round((xpToday / DAILY_XP_GOAL) * 100));
  return (
    <Card className="ch-daily-xp">
      <div className="ch-daily-xp__row">
        <span className="ch-daily-xp__label">Today&apos;s Progress</span>
        <span className="ch-daily-xp__value" data-testid="xp-today">
          {xpToday} / {DAILY_XP_GOAL} XP
        </span>
      </div>
      <div
        className="ch-daily-xp__track"
        role="progressbar"
        aria-label="Today's XP toward the daily goal"
        aria-valuemin={0}
        aria-valuemax={DAILY_XP_GOAL}
        aria-valuenow={Math.min(xpToday, DAILY_XP_GOAL)}
      >
        <span className="ch-daily-xp__fill" style={{ width: `${percent}%` }} />
      </div>
      {reached ? <p className="ch-daily-xp__done">Daily goal reached!</p> : null}
    </Card>
  );
}
