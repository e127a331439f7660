import type { LeaderboardEntry } from '@vere/contracts';
import { LEADERBOARD_PERIODS, LEADERBOARD_SCOPES, type LeaderboardPeriod, type LeaderboardScope } from '@vere/domain';
import { useSession } from '@vere/web-session';
import { Avatar, Button, Card, IconTrophy, Skeleton } from '@vere/web-ui';
import { useState } from 'react';
import { LEADERBOARD_SIZE, useLeaderboard } from '../api/get-leaderboard';
import { LONELY_BOARD, PERIOD_LABELS, SCOPE_LABELS, weekRange } from '../utils/board-labels';
import { BoardSwitch } from './board-switch';
import { PodLeagueSection } from './pod-league';
import './leaderboard.css';

const PERIODS = LEADERBOARD_PERIODS.map((value) => ({ value, label: PERIOD_LABELS[value] }));
const SCOPES = LEADERBOARD_SCOPES.map((value) => ({ value, label: SCOPE_LABELS[value] }));

/**
 * The boards (decision 0037): this week or all time, among friends, pods or everyone, ties sharing a
 * rank, the user's own row always shown; and the weekly pod league.
 */
export function LeaderboardSection() {
  const [period, setPeriod] = useState<LeaderboardPeriod>('week');
  const [scope, setScope] = useState<LeaderboardScope>('friends');
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = useLeaderboard(period, scope);
  const myId = useSession((s) => s.user?.id ?? null);
  const boardName = `${SCOPE_LABELS[scope]}, ${PERIOD_LABELS[period].toLowerCase()}`;

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
  } else if (isError && !data) {
    body = (
      <div role="alert" className="ch-board__error">
        <p>Failed to fetch leaderboard</p>
        <Button size="sm" variant="secondary" loading={isFetching} onClick={() => void refetch()}>
          Retry
        </Button>
      </div>
    );
  } else {
    const others = data.entries.filter((e) => e.id !== data.me?.id);
    const meInTop = data.me ? data.entries.some((e) => e.id === data.me!.id) : false;
    body = (
      <div aria-busy={isPlaceholderData} className={isPlaceholderData ? 'ch-board__stale' : undefined}>
        {data.entries.length > 0 ? (
          <ol className="ch-board" aria-label={`${boardName}: top ${LEADERBOARD_SIZE}`} data-testid="leaderboard-list">
            {data.entries.map((entry) => (
              <Row key={entry.id} entry={entry} me={entry.id === myId} period={period} />
            ))}
          </ol>
        ) : null}
        {others.length === 0 ? (
          <p className="ch-board__empty" data-testid="leaderboard-empty">
            {LONELY_BOARD[scope]}
          </p>
        ) : null}
        {data.me && !meInTop ? (
          <div className="ch-board__me" data-testid="leaderboard-me">
            <p className="ch-board__me-label" id="ch-board-me-label">
              Your place
            </p>
            <ol className="ch-board" aria-labelledby="ch-board-me-label">
              <Row entry={data.me} me period={period} />
            </ol>
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <>
      <section className="vui-section ch-board-section" aria-labelledby="ch-board-title" data-testid="leaderboard">
        <h2 id="ch-board-title" className="vui-section__title">
          <IconTrophy size={20} /> Leaderboard
        </h2>
        <div className="ch-board__switches">
          <BoardSwitch legend="Period" value={period} options={PERIODS} onChange={setPeriod} testId="board-period" />
          <BoardSwitch legend="Who" value={scope} options={SCOPES} onChange={setScope} testId="board-scope" />
        </div>
        {data?.me ? (
          <p className="ch-board__rank" data-testid="my-rank" aria-live="polite">
            Your rank: #{data.me.rank}
            {data.week ? (
              <span className="ch-board__week">
                {' '}
                · XP earned {weekRange(data.week.startDate, data.week.endDate)}, resets Sunday
              </span>
            ) : null}
          </p>
        ) : null}
        <Card className="ch-board__card" padding="sm">
          {body}
        </Card>
      </section>
      <PodLeagueSection />
    </>
  );
}

function Row({ entry, me, period }: { entry: LeaderboardEntry; me: boolean; period: LeaderboardPeriod }) {
  return (
    <li
      className={`ch-board__row${me ? ' is-me' : ''}`}
      aria-current={me ? 'true' : undefined}
      data-testid="leaderboard-row"
      data-rank={entry.rank}
    >
      <span className="ch-board__place">
        <span aria-hidden="true">{entry.rank}</span>
        <span className="vui-visually-hidden">Rank {entry.rank}:</span>
      </span>
      <Avatar name={entry.name} seed={entry.id} size="sm" config={entry.avatarConfig} photoUrl={entry.photoUrl} />
      <span className="ch-board__who">
        <span className="ch-board__name" data-testid="leaderboard-name">
          {entry.name}
          {me ? <span className="ch-board__you"> (you)</span> : null}
        </span>
        <span className="ch-board__user">
          <span className="ch-board__level">Level {entry.level}</span>
          {entry.username ? <span className="ch-board__handle"> · @{entry.username}</span> : null}
        </span>
      </span>
      <span className="ch-board__xp" data-testid="leaderboard-xp">
        {entry.xp.toLocaleString('en')} XP
        {period === 'week' ? <span className="vui-visually-hidden"> this week</span> : null}
      </span>
    </li>
  );
}
