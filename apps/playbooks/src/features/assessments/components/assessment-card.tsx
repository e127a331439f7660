import type { AssessmentSummary } from '@vere/contracts';
import { Link } from '@vere/web-router';
import { IconCheck, IconClock, IconCrown, IconLock } from '@vere/web-ui';

/** Where an assessment's intro lives: Pro ones under /pro/assessments (behind the shell's Pro guard). */
export const introPath = (a: Pick<AssessmentSummary, 'id' | 'pro'>) =>
  a.pro ? `/pro/assessments/${a.id}` : `/assessments/${a.id}`;

const STATE_LABEL = { new: 'Not started', in_progress: 'In progress', completed: 'Done' } as const;

export function AssessmentCard({ assessment: a }: { assessment: AssessmentSummary }) {
  const locked = a.access === 'pro';
  return (
    <li className={`pb-card${locked ? ' is-locked' : ''}`} data-testid={`assessment-${a.id}`}>
      <Link to={locked ? '/vere-pro' : introPath(a)} className="pb-card__link">
        <span className="pb-card__body">
          <span className="pb-card__title">{a.title}</span>
          <span className="pb-card__promise">{a.summary}</span>
          <span className="pb-card__meta as-card-meta">
            <IconClock size={14} aria-hidden="true" /> {a.minutes} min · {a.itemCount} questions
          </span>
          <span className="pb-card__state">
            {locked ? (
              <span className="pb-badge is-pro">
                <IconLock size={14} aria-hidden="true" /> Pro
              </span>
            ) : (
              <span
                className={`pb-badge ${a.state === 'completed' ? 'is-done' : a.state === 'in_progress' ? 'is-progress' : 'is-open'}`}
              >
                {a.state === 'completed' && <IconCheck size={14} aria-hidden="true" />}
                {a.pro && <IconCrown size={14} aria-hidden="true" />}
                {STATE_LABEL[a.state]}
                {a.state === 'in_progress' && ` · ${a.answered} of ${a.itemCount}`}
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}
