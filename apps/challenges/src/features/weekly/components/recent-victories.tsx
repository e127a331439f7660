import type { UseQueryResult } from '@vere/web-query';
import type { Victories, WeeklyVictory } from '@vere/contracts';
import { Button, Card, IconTrophy, Skeleton } from '@vere/web-ui';
import { victoriesShown } from '../utils/weekly-logic';
import { weekRange } from './victory-dialog';

interface RecentVictoriesProps {
  victories: UseQueryResult<Victories, unknown>;
  desktop: boolean;
  onOpen(victory: WeeklyVictory): void;
}

/** Recent Victories (spec §2.1): the latest 5 on a phone, 8 on a desktop; each opens its detail. */
export function RecentVictories({ victories, desktop, onOpen }: RecentVictoriesProps) {
  let body;
  if (victories.isPending) body = <Skeleton height="56px" />;
  else if (victories.isError) {
    body = (
      <div role="alert" className="ch-side__error">
        <p>Couldn&apos;t load your victories.</p>
        <Button size="sm" variant="secondary" onClick={() => void victories.refetch()}>
          Retry
        </Button>
      </div>
    );
  } else if (victories.data.victories.length === 0)
    body = <p className="ch-victories__empty">No completed challenges yet</p>;
  else {
    body = (
      <ul className="ch-victories__list" data-testid="recent-victories">
        {victories.data.victories.slice(0, victoriesShown(desktop)).map((v) => (
          <li key={v.weeklyChallengeId}>
            <button type="button" className="ch-victory" onClick={() => onOpen(v)}>
              <span className="ch-victory__icon" aria-hidden="true">
                <IconTrophy size={18} />
              </span>
              <span className="ch-victory__body">
                <span className="ch-victory__title">{v.title}</span>
                <span className="ch-victory__week">{weekRange(v)}</span>
              </span>
              <span className="ch-victory__xp">+{v.xp} XP</span>
            </button>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Card className="ch-victories" data-tour="weekly-victories">
      <h2 className="ch-side__title">Recent Victories</h2>
      {body}
    </Card>
  );
}
