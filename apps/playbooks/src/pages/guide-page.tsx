import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@vere/web-query';
import type { PlaybookDetail } from '@vere/contracts';
import { Link, useNavigate, useParams } from '@vere/web-router';
import { actionErrorMessage, isApiError } from '@vere/web-session';
import {
  Button,
  ErrorCard,
  IconArrowLeft,
  IconArrowRight,
  IconCheck,
  IconCrown,
  IconLock,
  Skeleton,
  buttonClassName,
  celebrate,
  notify,
} from '@vere/web-ui';
import { playbooksQueryKey } from '../features/catalogue/api/get-playbooks';
import { playbookQueryKey, usePlaybook } from '../features/guide/api/get-playbook';
import { startPlaybook } from '../features/guide/api/start-playbook';
import { CompletionSummary } from '../features/guide/components/completion-summary';
import { PodTogether } from '../features/pod-run/components/pod-together';
import { ShareToPods } from '../features/pod-run/components/share-to-pods';
import { PlaybookNotFound } from '../shared/components/playbook-not-found';
import { PlaybookCover } from '../shared/components/playbook-cover';
import { ProgressRing } from '../shared/components/progress-ring';
import { STEP_KIND_LABEL, UPGRADE_PATH, lengthLabel } from '../shared/utils/copy';

/** /guides/{id} (overview) and /guides/{id}/complete (the finish screen). */
export function GuidePage({ complete = false }: { complete?: boolean }) {
  const { id = '' } = useParams();
  const playbook = usePlaybook(id);

  if (playbook.isError && isApiError(playbook.error) && [400, 404].includes(playbook.error.status))
    return <PlaybookNotFound />;
  return (
    <div className="vui-page pb-guide">
      <Link to="/guides" className="vui-back-link">
        <IconArrowLeft size={18} /> Playbooks
      </Link>
      {playbook.isPending ? (
        <div aria-busy="true" className="pb-guide__loading">
          <span className="vui-visually-hidden" role="status">
            Loading the playbook
          </span>
          <Skeleton height="120px" radius="20px" />
          <Skeleton height="220px" radius="20px" />
        </div>
      ) : playbook.isError ? (
        <ErrorCard
          title="Couldn't load this playbook"
          message="Your progress is safe. Check your connection and try again."
          retrying={playbook.isFetching}
          onRetry={() => void playbook.refetch()}
        />
      ) : complete ? (
        <Complete playbook={playbook.data} />
      ) : (
        <Overview playbook={playbook.data} />
      )}
    </div>
  );
}

/** The first step not done in the open weeks (where "Continue" goes). */
function nextStep(playbook: PlaybookDetail) {
  for (const week of playbook.weekList) {
    if (!week.open) return undefined;
    const step = week.steps.find((s) => !s.done);
    if (step) return step;
  }
  return undefined;
}

function Overview({ playbook }: { playbook: PlaybookDetail }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [starting, setStarting] = useState(false);
  const next = nextStep(playbook);
  const locked = playbook.access === 'locked';

  const start = async () => {
    setStarting(true);
    try {
      const detail = await startPlaybook(playbook.id);
      client.setQueryData(playbookQueryKey(playbook.id), detail);
      void client.invalidateQueries({ queryKey: playbooksQueryKey });
      const first = nextStep(detail);
      if (first) navigate(`/guides/${playbook.id}/steps/${first.id}`);
    } catch (cause) {
      notify.error(actionErrorMessage(cause, 'Could not start the playbook. Please try again.'));
      void client.invalidateQueries({ queryKey: playbookQueryKey(playbook.id) });
    } finally {
      setStarting(false);
    }
  };

  return (
    <>
      <header className="pb-guide__head">
        <PlaybookCover cover={playbook.cover} />
        <div>
          <h1 className="vui-page-title">{playbook.title}</h1>
          <p className="vui-page-subtitle">{playbook.promise}</p>
          <p className="pb-guide__meta">
            {lengthLabel(playbook.weeks, playbook.totalSteps)} · {playbook.completionXp} XP bonus for finishing
          </p>
          {playbook.started ? (
            <p className="pb-guide__earned" data-testid="guide-xp">
              {playbook.xpEarned} XP earned so far
            </p>
          ) : null}
        </div>
        {playbook.started ? (
          <ProgressRing
            size={64}
            done={playbook.doneSteps}
            total={playbook.totalSteps}
            label={`${playbook.doneSteps} of ${playbook.totalSteps} steps done`}
          />
        ) : null}
      </header>
      <p className="pb-guide__description">{playbook.description}</p>

      <div className="pb-guide__cta" data-testid="guide-cta">
        {playbook.state === 'completed' ? (
          <Link to={`/guides/${playbook.id}/complete`} className={buttonClassName()}>
            <IconCheck size={18} aria-hidden="true" /> See what you did
          </Link>
        ) : locked ? (
          <>
            <p className="pb-guide__locked" role="note">
              <IconLock size={16} aria-hidden="true" />{' '}
              {playbook.started
                ? 'Your progress is kept and your finished steps stay readable. Continuing this playbook needs Pro again.'
                : `Unlocks at Level ${playbook.unlockLevel}, or straight away with Pro.`}
            </p>
            <Link to={UPGRADE_PATH} className={buttonClassName({ variant: 'pro' })}>
              <IconCrown size={18} aria-hidden="true" /> Upgrade to Pro
            </Link>
          </>
        ) : playbook.started && next ? (
          <Link to={`/guides/${playbook.id}/steps/${next.id}`} className={buttonClassName()}>
            Continue · Week {playbook.currentWeek} <IconArrowRight size={18} aria-hidden="true" />
          </Link>
        ) : playbook.started ? (
          <p className="pb-guide__locked" role="note" data-testid="guide-waiting">
            <IconCheck size={16} aria-hidden="true" /> You finished week {playbook.currentWeek - 1}. Week{' '}
            {playbook.currentWeek} opens when your pod catches up: give them a nudge below.
          </p>
        ) : (
          <Button onClick={() => void start()} loading={starting}>
            Start playbook
          </Button>
        )}
      </div>

      <PodTogether
        playbook={playbook}
        onChanged={() => void client.invalidateQueries({ queryKey: playbookQueryKey(playbook.id) })}
      />

      <ol className="pb-weeks" aria-label="Weeks">
        {playbook.weekList.map((week) => (
          <li key={week.number} className={`pb-week${week.open ? ' is-open' : ''}${week.done ? ' is-done' : ''}`}>
            <h2 className="pb-week__title">
              <span className="pb-week__number">Week {week.number}</span> {week.title}
              {week.done ? (
                <span className="pb-badge is-done">
                  <IconCheck size={14} aria-hidden="true" /> Done
                </span>
              ) : !week.open ? (
                <span className="pb-badge is-locked">
                  <IconLock size={14} aria-hidden="true" />{' '}
                  {playbook.weekList[week.number - 2]?.done
                    ? 'Waiting for your pod'
                    : `Opens after week ${week.number - 1}`}
                </span>
              ) : null}
            </h2>
            <ul className="pb-steps">
              {week.steps.map((step) => {
                const reachable = step.done || (week.open && !locked && playbook.started);
                const xpText = step.done
                  ? `+${step.xpEarned} XP`
                  : `${step.kind === 'quiz' ? 'up to ' : ''}${step.xp} XP`;
                const content = (
                  <>
                    <span className={`pb-step__kind is-${step.kind}`}>{STEP_KIND_LABEL[step.kind]}</span>
                    <span className="pb-step__title">{step.title}</span>
                    <span className="pb-step__xp">
                      {step.done ? <IconCheck size={14} aria-hidden="true" /> : null} {xpText}
                    </span>
                  </>
                );
                return (
                  <li key={step.id} className={`pb-step${step.done ? ' is-done' : ''}`} data-testid="guide-step">
                    {reachable ? (
                      // Named by its visible text (an aria-label differing from it fails axe's
                      // label-content-name-mismatch), plus ", done" for a finished step.
                      <Link to={`/guides/${playbook.id}/steps/${step.id}`} className="pb-step__link">
                        {content}
                        {step.done ? <span className="vui-visually-hidden">, done</span> : null}
                      </Link>
                    ) : (
                      <span className="pb-step__link is-disabled">{content}</span>
                    )}
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ol>
    </>
  );
}

function Complete({ playbook }: { playbook: PlaybookDetail }) {
  const celebrated = useRef(false);
  useEffect(() => {
    if (playbook.state !== 'completed' || celebrated.current) return;
    celebrated.current = true;
    celebrate({ type: 'achievement', message: `${playbook.title} complete!` });
  }, [playbook]);

  if (playbook.state !== 'completed') {
    return (
      <div className="pb-complete">
        <h1 className="vui-page-title">Not finished yet</h1>
        <p className="vui-page-subtitle">
          {playbook.doneSteps} of {playbook.totalSteps} steps done. The finish line is waiting whenever you are.
        </p>
        <Link to={`/guides/${playbook.id}`} className={buttonClassName()}>
          Back to {playbook.title}
        </Link>
      </div>
    );
  }
  return (
    <>
      <CompletionSummary playbook={playbook} cover={<PlaybookCover cover={playbook.cover} size="lg" />} />
      <ShareToPods playbook={playbook} />
    </>
  );
}
