import type { ReactNode } from 'react';
import type { PlaybookDetail } from '@vere/contracts';
import { Link } from '@vere/web-router';
import { IconTrophy, buttonClassName } from '@vere/web-ui';
import { STEP_KIND_LABEL } from '../../../shared/utils/copy';

const KINDS = ['insight', 'quiz', 'challenge', 'reflection'] as const;

/** The finish screen: what the player did, by kind of step, and the XP it brought. */
export function CompletionSummary({ playbook, cover }: { playbook: PlaybookDetail; cover: ReactNode }) {
  const steps = playbook.weekList.flatMap((w) => w.steps);
  const finished = playbook.completedAt
    ? new Date(playbook.completedAt).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' })
    : null;
  return (
    <section className="pb-complete" aria-labelledby="pb-complete-title" data-testid="playbook-complete">
      {cover}
      <p className="vui-eyebrow">
        <IconTrophy size={16} aria-hidden="true" /> Playbook complete
      </p>
      <h1 id="pb-complete-title" className="vui-page-title">
        You finished {playbook.title}
      </h1>
      <p className="vui-page-subtitle">
        {playbook.weeks} weeks, {playbook.totalSteps} steps{finished ? `, finished on ${finished}` : ''}.
      </p>
      <dl className="pb-complete__stats">
        <div className="pb-complete__stat is-xp">
          <dt>XP earned</dt>
          <dd data-testid="playbook-complete-xp">{playbook.xpEarned}</dd>
        </div>
        {KINDS.map((kind) => {
          const count = steps.filter((s) => s.kind === kind && s.done).length;
          return count > 0 ? (
            <div key={kind} className="pb-complete__stat">
              <dt>{STEP_KIND_LABEL[kind]}s</dt>
              <dd>{count}</dd>
            </div>
          ) : null;
        })}
      </dl>
      <p className="pb-complete__bonus">Includes the {playbook.completionXp} XP finishing bonus.</p>
      <div className="pb-complete__actions">
        <Link to={`/guides/${playbook.id}`} className={buttonClassName({ variant: 'secondary' })}>
          Read it again
        </Link>
        <Link to="/guides" className={buttonClassName()}>
          Find your next playbook
        </Link>
      </div>
    </section>
  );
}
