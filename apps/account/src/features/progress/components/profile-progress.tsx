import { usePlayerProgress } from '@vere/web-kit';
import { Button, IconAlert, IconZap, LevelBadge, Skeleton, StreakBadge } from '@vere/web-ui';

/**
 * Level, XP and the weekly streak on the profile (quests' `GET /api/quests/me/progress`, the cache
 * key every app shares, following completions as they happen). A skeleton while it loads and a
 * retryable alert when it fails — never zeros.
 */
export function ProfileProgress() {
  const { data, isPending, isError, isFetching, refetch } = usePlayerProgress();
  if (isPending) {
    return (
      <div className="ac-progress" aria-busy="true" data-testid="profile-progress" data-state="loading">
        <Skeleton width="104px" height="36px" radius="999px" />
        <Skeleton width="84px" height="30px" radius="999px" />
        <Skeleton width="84px" height="30px" radius="999px" />
        <span className="vui-visually-hidden" role="status">
          Loading your progress
        </span>
      </div>
    );
  }
  if (isError) {
    return (
      <div className="ac-plan-error" role="alert" data-testid="profile-progress" data-state="error">
        <IconAlert size={16} />
        <span>Couldn&apos;t load your level and streak</span>
        <Button size="sm" variant="ghost" loading={isFetching} onClick={() => void refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  return (
    <div className="ac-progress" data-testid="profile-progress" data-state="ready">
      <span data-testid="profile-level">
        <LevelBadge progress={data} />
      </span>
      <span className="ac-progress__xp" data-testid="profile-xp">
        <IconZap size={16} />
        {data.totalXP} XP
      </span>
      <StreakBadge weeks={data.weeklyStreak} testId="profile-streak" />
    </div>
  );
}
