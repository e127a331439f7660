import type { PlaybookSummary } from '@vere/contracts';
import { Link } from '@vere/web-router';
import { IconCheck, IconCrown, IconLock } from '@vere/web-ui';
import { PlaybookCover } from '../../../shared/components/playbook-cover';
import { ProgressRing } from '../../../shared/components/progress-ring';
import { lengthLabel } from '../../../shared/utils/copy';

/** One playbook on /guides: cover, title, promise, length and the caller's state. */
export function PlaybookCard({ playbook, isPro }: { playbook: PlaybookSummary; isPro: boolean }) {
  const { id, title, promise, cover, weeks, totalSteps, doneSteps, state } = playbook;
  return (
    <li className={`pb-card is-${state}`} data-testid="playbook-card" data-state={state} data-id={id}>
      <Link to={`/guides/${id}`} className="pb-card__link">
        <PlaybookCover cover={cover} />
        <span className="pb-card__body">
          <span className="pb-card__title">{title}</span>
          <span className="pb-card__promise">{promise}</span>
          <span className="pb-card__meta">{lengthLabel(weeks, totalSteps)}</span>
          <span className="pb-card__state">
            <StateLine playbook={playbook} isPro={isPro} />
          </span>
        </span>
        {state === 'in_progress' ? (
          <ProgressRing done={doneSteps} total={totalSteps} label={`${doneSteps} of ${totalSteps} steps done`} />
        ) : null}
      </Link>
    </li>
  );
}

function StateLine({ playbook, isPro }: { playbook: PlaybookSummary; isPro: boolean }) {
  const { state, access, unlockLevel, currentWeek, weeks } = playbook;
  if (state === 'completed')
    return (
      <span className="pb-badge is-done">
        <IconCheck size={14} aria-hidden="true" /> Completed
      </span>
    );
  if (state === 'in_progress')
    return access === 'locked' ? (
      <span className="pb-badge is-pro">
        <IconCrown size={14} aria-hidden="true" /> Week {currentWeek} of {weeks} · Pro to continue
      </span>
    ) : (
      <span className="pb-badge is-progress">
        Week {currentWeek} of {weeks}
      </span>
    );
  if (state === 'locked')
    return (
      <span className="pb-badge is-locked">
        <IconLock size={14} aria-hidden="true" /> Unlocks at Level {unlockLevel}
        {isPro ? null : ' · or Pro'}
      </span>
    );
  return <span className="pb-badge is-open">Available</span>;
}
