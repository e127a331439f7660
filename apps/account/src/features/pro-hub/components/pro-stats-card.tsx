import { useMyPods } from '@vere/web-kit';
import { Card, ErrorCard, Skeleton } from '@vere/web-ui';
import { useProStats } from '../api/get-pro-stats';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** The player's Pro numbers: swipes used, pods, packs and since when they are Pro. */
export function ProStatsCard() {
  const stats = useProStats();
  const pods = useMyPods();
  if (stats.isPending)
    return (
      <Card aria-busy="true">
        <span className="vui-visually-hidden" role="status">
          Loading your Pro stats
        </span>
        <Skeleton height="96px" />
      </Card>
    );
  if (stats.isError)
    return (
      <ErrorCard
        title="Couldn't load your Pro stats"
        message="Check your connection and try again."
        retrying={stats.isFetching}
        onRetry={() => void stats.refetch()}
      />
    );
  const s = stats.data;
  const podCount = pods.data ? String(pods.data.pods.length) : pods.isError ? '—' : '…';
  return (
    <Card className="ac-pro-stats" data-testid="pro-stats">
      <h2 className="ac-data__title">Your Pro</h2>
      <dl className="ac-pro-stats__list">
        <div>
          <dt>Swipes today</dt>
          <dd>
            {s.swipesToday} of {s.maxSwipes}
          </dd>
        </div>
        <div>
          <dt>Swipes in all</dt>
          <dd>{s.swipesAllTime}</dd>
        </div>
        <div>
          <dt>Pods</dt>
          <dd>{podCount}</dd>
        </div>
        <div>
          <dt>Packs finished</dt>
          <dd>
            {s.packsCompleted} of {s.packsAdded} added
          </dd>
        </div>
        <div>
          <dt>Pro since</dt>
          <dd data-testid="pro-since">{s.proSince ? formatDate(s.proSince) : '—'}</dd>
        </div>
      </dl>
    </Card>
  );
}
