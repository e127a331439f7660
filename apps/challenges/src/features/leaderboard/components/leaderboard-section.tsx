import type { LeaderboardEntry } from '@vere/contracts';
import { useSession } from '@vere/web-session';
import { Avatar, Button, Card, IconTrophy, Skeleton } from '@vere/web-ui';
import { LEADERBOARD_SIZE, useLeaderboard } from '../api/get-leaderboard';

/** Top 10 by total XP with the signed-in user's own place (spec §3 "Leaderboard entry"). */
export function LeaderboardSection() {
  const { data, isPending, isError, isFetching, refetch } = useLeaderboard();
  const myId = useSession((s) => s.user?.id ?? null);

  let body;
  if (isPending) {
    body = (
      <div aria-busy="true" className="ch-board__loading">
        <span className="vui-visually-hidden" role="status">
          Loading the leaderboard
        </span>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} height="52px" radius="16px" />
        ))}
      </div>
    );
  } else if (isError) {
    body = (
      <div role="alert" className="ch-board__error">
        <p>Failed to fetch leaderboard</p>
        <Button size="sm" variant="secondary" loading={isFetching} onClick={() => void refetch()}>
          Retry
        </Button>
      </div>
    );
  } else if (data.entries.length === 0) {
    body = <p className="ch-board__empty">No one on the board yet. Complete a sidequest to be first.</p>;
  } else {
    const meInTop = data.me ? data.entries.some((e) => e.id === data.me!.id) : false;
    body = (
      <>
        <ol className="ch-board" aria-label={`Top ${LEADERBOARD_SIZE} by XP`}>
          {data.entries.map((entry) => (
            <Row key={entry.id} entry={entry} me={entry.id === myId} />
          ))}
        </ol>
        {data.me && !meInTop ? (
          <div className="ch-board__me">
            <p className="ch-board__me-label">Your place</p>
            <ol className="ch-board" aria-label="Your place">
              <Row entry={data.me} me />
            </ol>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section className="vui-section ch-board-section" aria-labelledby="ch-board-title" data-testid="leaderboard">
      <h2 id="ch-board-title" className="vui-section__title">
        <IconTrophy size={20} /> Leaderboard
      </h2>
      {data?.me ? (
        <p className="ch-board__rank" data-testid="my-rank">
          Your rank: #{data.me.rank}
        </p>
      ) : null}
      <Card className="ch-board__card" padding="sm">
        {body}
      </Card>
    </section>
  );
}

function Row({ entry, me }: { entry: LeaderboardEntry; me: boolean }) {
  return (
    <li
      className={`ch-board__row${me ? ' is-me' : ''}`}
      aria-current={me ? 'true' : undefined}
      data-testid="leaderboard-row"
    >
      <span className="ch-board__place" aria-label={`Rank ${entry.rank}`}>
        #{entry.rank}
      </span>
      <Avatar name={entry.name} seed={entry.id} size="sm" config={entry.avatarConfig} photoUrl={entry.photoUrl} />
      <span className="ch-board__who">
        <span className="ch-board__name">
          {entry.name}
          {me ? ' (you)' : ''}
        </span>
        <span className="ch-board__user">
          <span className="ch-board__level">Level {entry.level}</span>
          {entry.username ? ` · @${entry.username}` : ''}
        </span>
      </span>
      <span className="ch-board__xp">{entry.totalXP} XP</span>
    </li>
  );
}
