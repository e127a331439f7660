import type { UseQueryResult } from '@vere/web-query';
import type { TodoList } from '@vere/contracts';
import { Button, Card, IconList, Skeleton } from '@vere/web-ui';
import type { LevelProgress } from '../../../shared/api/get-progress';
import { DailyXp } from '../../../shared/components/daily-xp';

interface SidePanelProps {
  todos: UseQueryResult<TodoList, unknown>;
  /** `weeklyStreak` comes with GET /me/progress (issue 9); a to-do completion's answer has none. */
  progress: UseQueryResult<LevelProgress, unknown>;
  pendingCount: number;
  onOpenTodos(): void;
}

function Figure({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <div className="ch-stat">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value === undefined ? <Skeleton width="48px" height="24px" /> : value}</dd>
    </div>
  );
}

/**
 * Desktop side panel (spec §2.1) with real figures only: Completed Today, Weekly Streak (from
 * GET /me/progress) and Total XP; a failed read offers a retry instead of zeros.
 */
export function SidePanel({ todos, progress, pendingCount, onOpenTodos }: SidePanelProps) {
  const failed = todos.isError || progress.isError;
  return (
    <aside className="ch-side" aria-labelledby="ch-side-title" data-testid="side-panel">
      <Card className="ch-side__card">
        <h2 id="ch-side-title" className="ch-side__title">
          Challenge Stats
        </h2>
        {failed ? (
          <div role="alert" className="ch-side__error">
            <p>Couldn&apos;t load your stats.</p>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                void todos.refetch();
                void progress.refetch();
              }}
            >
              Retry
            </Button>
          </div>
        ) : (
          <dl className="ch-stats">
            <Figure label="Completed Today" value={todos.data?.completed.length} testId="stat-completed-today" />
            <Figure label="Weekly Streak (weeks)" value={progress.data?.weeklyStreak} testId="stat-weekly-streak" />
            <Figure label="Total XP" value={progress.data?.totalXP} testId="stat-total-xp" />
          </dl>
        )}
      </Card>
      {todos.data ? <DailyXp xpToday={todos.data.xpToday} /> : null}
      <Button block variant="secondary" icon={<IconList size={18} />} onClick={onOpenTodos}>
        My To-Do List{pendingCount > 0 ? ` (${pendingCount})` : ''}
      </Button>
    </aside>
  );
}
