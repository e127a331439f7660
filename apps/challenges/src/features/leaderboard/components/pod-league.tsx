import type { PodLeagueEntry } from '@vere/contracts';
import { POD_LEAGUE_MIN_MEMBERS } from '@vere/domain';
import { useMyPods } from '@vere/web-kit';
import { Button, Card, IconUsers, Skeleton } from '@vere/web-ui';
import { usePodLeague } from '../api/get-pod-league';
import { weekRange } from '../utils/board-labels';

const MY_PODS_STALE_MS = 60_000;

/**
 * The weekly pod league: pods ranked by the share of members who completed this week's challenge.
 * Other pods are not named (a pod's name is for its members); the user's own pods are.
 */
export function PodLeagueSection() {
  const { data, isPending, isError, isFetching, refetch } = usePodLeague();
  const myPods = useMyPods({ staleTime: MY_PODS_STALE_MS });
  const nameOf = (podId: string) => myPods.data?.pods.find((p) => p.id === podId)?.name ?? 'Your pod';

  let body;
  if (isPending) {
    body = (
      <div aria-busy="true" className="ch-board__loading">
        <span className="vui-visually-hidden" role="status">
          Loading the pod league
        </span>
        <Skeleton height="44px" radius="16px" />
      </div>
    );
  } else if (isError) {
    body = (
      <div role="alert" className="ch-board__error">
        <p>Failed to fetch the pod league</p>
        <Button size="sm" variant="secondary" loading={isFetching} onClick={() => void refetch()}>
          Retry
        </Button>
      </div>
    );
  } else if (data.entries.length === 0) {
    body = (
      <p className="ch-board__empty" data-testid="pod-league-empty">
        No pods in the league yet this week. Every pod of {POD_LEAGUE_MIN_MEMBERS} or more takes part on its own.
      </p>
    );
  } else {
    const outside = data.mine.filter((m) => !data.entries.some((e) => e.podId === m.podId));
    body = (
      <>
        <ol className="ch-league" aria-label="Pod league, this week" data-testid="pod-league-list">
          {data.entries.map((e, i) => (
            <LeagueRow key={e.podId} entry={e} name={e.mine ? nameOf(e.podId) : `A pod of ${e.members}`} index={i} />
          ))}
        </ol>
        {outside.length > 0 ? (
          <div className="ch-board__me">
            <p className="ch-board__me-label" id="ch-league-mine">
              Your pods
            </p>
            <ol className="ch-league" aria-labelledby="ch-league-mine">
              {outside.map((e, i) => (
                <LeagueRow key={e.podId} entry={e} name={nameOf(e.podId)} index={i} />
              ))}
            </ol>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section className="vui-section ch-league-section" aria-labelledby="ch-league-title" data-testid="pod-league">
      <h2 id="ch-league-title" className="vui-section__title">
        <IconUsers size={20} /> Pod league
      </h2>
      <p className="ch-league__sub">
        Pods ranked by the share of members who finished this week’s challenge
        {data ? ` (${weekRange(data.week.startDate, data.week.endDate)})` : ''}. Starts fresh every Sunday.
      </p>
      <Card className="ch-board__card" padding="sm">
        {body}
      </Card>
    </section>
  );
}

function LeagueRow({ entry, name, index }: { entry: PodLeagueEntry; name: string; index: number }) {
  const percent = Math.round(entry.share * 100);
  return (
    <li
      className={`ch-league__row${entry.mine ? ' is-me' : ''}`}
      aria-current={entry.mine ? 'true' : undefined}
      data-testid="pod-league-row"
      data-index={index}
    >
      <span className="ch-board__place">
        <span aria-hidden="true">{entry.rank}</span>
        <span className="vui-visually-hidden">Rank {entry.rank}:</span>
      </span>
      <span className="ch-league__who">
        <span className="ch-board__name">{name}</span>
        <span className="ch-league__bar" aria-hidden="true">
          <span className="ch-league__fill" style={{ width: `${percent}%` }} />
        </span>
      </span>
      <span className="ch-league__share">
        {entry.completed}/{entry.members} <span className="ch-league__pct">· {percent}%</span>
      </span>
    </li>
  );
}
