import { useEffect, useRef } from 'react';
import { useQueryClient } from '@vere/web-query';
import type { CompletePlaybookStepBody, CompletePlaybookStepResult, PlaybookStep } from '@vere/contracts';
import { Link, useNavigate, useParams } from '@vere/web-router';
import { dispatchAppEvent } from '@vere/web-kit';
import { actionErrorMessage, isApiError } from '@vere/web-session';
import {
  EmptyState,
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
import { levelRewards } from '@vere/domain';
import { playbooksQueryKey } from '../features/catalogue/api/get-playbooks';
import { playbookQueryKey, usePlaybook } from '../features/guide/api/get-playbook';
import { completeStep } from '../features/step/api/complete-step';
import { stepQueryKey, useStep } from '../features/step/api/get-step';
import {
  ChallengeScreen,
  InsightScreen,
  QuizScreen,
  ReflectionScreen,
  type StepScreenProps,
} from '../features/step/components/step-screens';
import { PlaybookNotFound } from '../shared/components/playbook-not-found';
import { STEP_KIND_LABEL, UPGRADE_PATH } from '../shared/utils/copy';

const SCREENS: Record<PlaybookStep['kind'], (props: StepScreenProps) => React.ReactNode> = {
  insight: InsightScreen,
  quiz: QuizScreen,
  challenge: ChallengeScreen,
  reflection: ReflectionScreen,
};

const levelUpMessage = (level: number) => [`Level ${level}!`, ...levelRewards(level).map((r) => r.text)].join(' · ');

/** /guides/{id}/steps/{stepId}: one step on its own screen. */
export function StepPage() {
  const { id = '', stepId = '' } = useParams();
  const step = useStep(id, stepId);
  const playbook = usePlaybook(id);
  const client = useQueryClient();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);

  // A new step is a new screen: move focus to its title so a screen reader starts there.
  const shownId = step.data?.id;
  useEffect(() => {
    if (shownId) heading.current?.focus();
  }, [shownId]);

  if (step.isError && isApiError(step.error) && [400, 404].includes(step.error.status))
    return (
      <PlaybookNotFound
        what={step.error.status === 404 && step.error.code === 'PLAYBOOK_NOT_FOUND' ? 'playbook' : 'step'}
      />
    );

  const back = (
    <Link to={`/guides/${id}`} className="vui-back-link">
      <IconArrowLeft size={18} /> {playbook.data?.title ?? 'Playbook'}
    </Link>
  );
  if (step.isPending)
    return (
      <div className="vui-page pb-step-page" aria-busy="true">
        {back}
        <span className="vui-visually-hidden" role="status">
          Loading the step
        </span>
        <Skeleton height="40px" radius="12px" />
        <Skeleton height="260px" radius="20px" />
      </div>
    );
  if (step.isError) {
    const err = step.error;
    if (isApiError(err) && err.status === 403)
      return (
        <div className="vui-page pb-step-page">
          {back}
          <EmptyState
            headingLevel={1}
            icon={<IconCrown size={32} />}
            title="This step needs Pro"
            description={err.message}
            action={
              <Link to={UPGRADE_PATH} className={buttonClassName({ variant: 'pro' })}>
                Upgrade to Pro
              </Link>
            }
          />
        </div>
      );
    if (isApiError(err) && err.status === 409)
      return (
        <div className="vui-page pb-step-page">
          {back}
          <EmptyState
            headingLevel={1}
            icon={<IconLock size={32} />}
            title="Not open yet"
            description={`${err.message} Take your time: there is no calendar to keep up with.`}
            action={
              <Link to={`/guides/${id}`} className={buttonClassName()}>
                Back to the weeks
              </Link>
            }
          />
        </div>
      );
    return (
      <div className="vui-page pb-step-page">
        {back}
        <ErrorCard
          title="Couldn't load this step"
          message="Your progress is safe. Check your connection and try again."
          retrying={step.isFetching}
          onRetry={() => void step.refetch()}
        />
      </div>
    );
  }

  const data = step.data;
  const canComplete = !data.done && playbook.data?.access !== 'locked';
  const Screen = SCREENS[data.kind];

  const onComplete = async (body: CompletePlaybookStepBody) => {
    let result: CompletePlaybookStepResult;
    try {
      result = await completeStep(id, stepId, body);
    } catch (cause) {
      if (isApiError(cause) && cause.status === 400) throw new Error(cause.message);
      notify.error(actionErrorMessage(cause, 'Could not save this step. Please try again.'));
      void client.invalidateQueries({ queryKey: stepQueryKey(id, stepId) });
      void client.invalidateQueries({ queryKey: playbookQueryKey(id) });
      throw cause;
    }
    client.setQueryData(stepQueryKey(id, stepId), result.step);
    void client.invalidateQueries({ queryKey: playbookQueryKey(id) });
    void client.invalidateQueries({ queryKey: playbooksQueryKey });
    dispatchAppEvent('xp-updated', {
      totalXP: result.progress.totalXP,
      level: result.progress.currentLevel,
      xpAwarded: result.xpAwarded + result.completionXp,
    });
    if (result.xpAwarded > 0) notify.success(`+${result.xpAwarded} XP earned!`);
    if (result.levelUp) celebrate({ type: 'level', message: levelUpMessage(result.levelUp.level) });
    if (result.playbookCompleted) {
      navigate(`/guides/${id}/complete`);
    } else if (result.weekCompleted) {
      notify.success(`Week ${data.week} done! Week ${data.week + 1} is open.`);
    }
  };

  return (
    <div className="vui-page pb-step-page" data-testid="step-page" data-kind={data.kind}>
      {back}
      <header className="pb-step-page__head">
        <p className="vui-eyebrow">
          Week {data.week} · {STEP_KIND_LABEL[data.kind]}
        </p>
        <h1 className="vui-page-title" ref={heading} tabIndex={-1}>
          {data.title}
        </h1>
        {data.done ? (
          <p className="pb-badge is-done" data-testid="step-done">
            <IconCheck size={14} aria-hidden="true" /> Done · +{data.xpEarned} XP
          </p>
        ) : null}
      </header>
      <article className="pb-step-page__content">
        <Screen step={data} canComplete={canComplete} onComplete={onComplete} />
      </article>
      {!data.done && playbook.data?.access === 'locked' ? (
        <p className="pb-guide__locked" role="note">
          <IconLock size={16} aria-hidden="true" /> Continuing this playbook needs Pro again.{' '}
          <Link to={UPGRADE_PATH}>Upgrade to Pro</Link>
        </p>
      ) : null}
      {data.done ? (
        <nav className="pb-step-page__next" aria-label="Next">
          <Link to={`/guides/${id}`} className={buttonClassName({ variant: 'secondary' })}>
            All weeks
          </Link>
          {data.nextStepId ? (
            <Link to={`/guides/${id}/steps/${data.nextStepId}`} className={buttonClassName()}>
              Next step <IconArrowRight size={18} aria-hidden="true" />
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
