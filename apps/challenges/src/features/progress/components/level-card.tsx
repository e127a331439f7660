import { Button, Card, IconAlert, IconZap, LevelBadge, Skeleton, StreakBadge, XpBar } from '@vere/web-ui';
import { useProgress } from '../../../shared/api/get-progress';

/** Never shows zeros for a failed read: a skeleton while loading, a retryable error when it fails. */
export function LevelCard() {
  const { data, isPending, isError, refetch, isFetching } = useProgress();

  if (isPending) {
    return (
      <Card className="ch-level" aria-busy="true">
        <span className="vui-visually-hidden" role="status">
          Loading your progress
        </span>
        {/* The card's own rows, with placeholders of their height: nothing moves when the data arrives. */}
        <div className="ch-level__row">
          <span className="ch-level__badge-placeholder">
            <Skeleton width="120px" height="100%" radius="999px" />
          </span>
          <Skeleton width="90px" height="18px" />
        </div>
        <div className="vui-xp" aria-hidden="true">
          <Skeleton height="14px" radius="999px" />
          <span className="vui-xp__label">&nbsp;</span>
        </div>
        <p className="ch-level__next" aria-hidden="true">
          <Skeleton width="130px" height="1lh" />
        </p>
      </Card>
    );
  }

  if (isError) {
    return (
      <Card className="ch-level ch-level--error" role="alert">
        <div className="ch-level__error">
          <span className="ch-level__error-icon" aria-hidden="true">
            <IconAlert size={22} />
          </span>
          <div>
            <p className="ch-level__error-title">Couldn&apos;t load your progress</p>
            <p className="ch-level__error-text">Your XP is safe. Check your connection and try again.</p>
          </div>
          <Button size="sm" variant="secondary" loading={isFetching} onClick={() => void refetch()}>
            Retry
          </Button>
        </div>
      </Card>
    );
  }

  const maxed = data.xpToNext === 0;
  return (
    <Card className="ch-level" data-tour="level">
      <h2 className="vui-visually-hidden">Your progress</h2>
      <div className="ch-level__row">
        <LevelBadge progress={data} size="lg" />
        <span className="ch-level__stats">
          <StreakBadge weeks={data.weeklyStreak ?? 0} testId="hub-streak" />
          <span className="ch-level__total">
            <IconZap size={16} />
            {data.totalXP} XP total
          </span>
        </span>
      </div>
      <XpBar progress={data} />
      <p className="ch-level__next">
        {maxed ? 'Top level reached. Legend status.' : `${data.xpToNext} XP to Level ${data.currentLevel + 1}`}
      </p>
    </Card>
  );
}
