import { useId, useState } from 'react';
import { useQueryClient } from '@vere/web-query';
import type { PlaybookDetail, PodPlaybookView } from '@vere/contracts';
import { podWeekLockedSentence, type PodPlaybookMode } from '@vere/domain';
import { useMyPods, usePodEvents } from '@vere/web-kit';
import { Link } from '@vere/web-router';
import { actionErrorMessage, useSession } from '@vere/web-session';
import { Button, IconUsers, Skeleton, notify } from '@vere/web-ui';
import { nudgeBehind } from '../api/nudge-behind';
import { podRunsQueryKey, usePodRuns } from '../api/get-pod-runs';
import { startPodPlaybook } from '../api/start-pod-playbook';

/**
 * "Together": the playbook with the caller's pods (decision 0041). Each pod running it shows every
 * member's finished weeks, live (the pods stream's `pod-playbook-updated`), and a nudge for those who
 * have not finished the pod's open week; with no run yet, a member may start it for one of their pods.
 */
export function PodTogether({ playbook, onChanged }: { playbook: PlaybookDetail; onChanged: () => void }) {
  const client = useQueryClient();
  const runs = usePodRuns(playbook.id);
  const [announcement, setAnnouncement] = useState('');
  const refresh = () => {
    void client.invalidateQueries({ queryKey: podRunsQueryKey(playbook.id) });
    onChanged();
  };
  usePodEvents('mine', {
    onOpen: refresh,
    onPlaybookUpdated: (m) => {
      if (m.playbookId !== playbook.id) return;
      setAnnouncement('Your pod’s progress changed.');
      refresh();
    },
  });

  // Nothing to do together on a playbook no pod of theirs runs that they cannot (or need not) start.
  const noRun = runs.data?.runs.length === 0;
  if (noRun && (playbook.access === 'locked' || playbook.state === 'completed')) return null;
  return (
    <section className="pb-together" aria-labelledby="pb-together-title" data-testid="pod-together">
      <h2 id="pb-together-title" className="pb-together__title">
        <IconUsers size={20} aria-hidden="true" /> Together with your pod
      </h2>
      {runs.isPending ? (
        <div aria-busy="true">
          <span className="vui-visually-hidden" role="status">
            Loading your pod’s progress
          </span>
          <Skeleton height="96px" radius="16px" />
        </div>
      ) : runs.isError ? (
        <p className="pb-together__note" role="alert">
          Couldn’t load your pod’s progress.{' '}
          <Button size="sm" variant="secondary" onClick={() => void runs.refetch()}>
            Try again
          </Button>
        </p>
      ) : runs.data.runs.length > 0 ? (
        runs.data.runs.map((run) => <PodRun key={run.podId} run={run} />)
      ) : (
        <StartForPod playbook={playbook} onStarted={refresh} />
      )}
      <p className="vui-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

function PodRun({ run }: { run: PodPlaybookView }) {
  const me = useSession((s) => s.user?.id);
  const [nudged, setNudged] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);
  const nudge = async (userId: string, name: string) => {
    setBusy(userId);
    try {
      await nudgeBehind(run.podId, userId, run.playbookId);
      setNudged((s) => new Set(s).add(userId));
      notify.success(`You nudged ${name}.`);
    } catch (cause) {
      notify.error(actionErrorMessage(cause, 'Could not send the nudge. Please try again.'));
    } finally {
      setBusy(null);
    }
  };
  const waiting = run.openWeek < run.weeks ? podWeekLockedSentence(run.mode, run.openWeek + 1) : null;
  return (
    <article className="pb-pod" data-testid="pod-run" aria-label={`With ${run.podName}`}>
      <header className="pb-pod__head">
        <h3 className="pb-pod__name">With {run.podName}</h3>
        <p className="pb-pod__meta">
          Week {run.openWeek} of {run.weeks} is open{waiting ? ` · ${waiting}` : ''}
        </p>
      </header>
      <ul className="pb-pod__members" aria-label={`Progress in ${run.podName}`}>
        {run.members.map(({ user, weeksFinished, behind }) => {
          const you = user.id === me;
          return (
            <li key={user.id} className="pb-pod__member" data-testid="pod-run-member">
              <span className="pb-pod__who">
                {user.name}
                {you ? ' (you)' : ''}
              </span>
              <span className="pb-pod__bar" aria-hidden="true">
                <span style={{ width: `${Math.round((weeksFinished / run.weeks) * 100)}%` }} />
              </span>
              <span className="pb-pod__weeks" data-testid="pod-run-weeks">
                {weeksFinished} of {run.weeks} weeks
              </span>
              {behind && !you ? (
                nudged.has(user.id) ? (
                  <span className="pb-badge">👋 Nudged</span>
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={busy === user.id}
                    aria-label={`Nudge ${user.name}`}
                    onClick={() => void nudge(user.id, user.name)}
                  >
                    👋 Nudge
                  </Button>
                )
              ) : null}
            </li>
          );
        })}
      </ul>
    </article>
  );
}

function StartForPod({ playbook, onStarted }: { playbook: PlaybookDetail; onStarted: () => void }) {
  const pods = useMyPods();
  const ids = { pod: useId(), mode: useId() };
  const [podId, setPodId] = useState('');
  const [mode, setMode] = useState<PodPlaybookMode>('all');
  const [starting, setStarting] = useState(false);

  if (pods.isPending) return <Skeleton height="48px" radius="12px" />;
  if (pods.isError || pods.data.pods.length === 0)
    return (
      <p className="pb-together__note">
        Playbooks go further with friends. <Link to="/connect">Start or join a pod</Link> and do this one together.
      </p>
    );
  if (playbook.access === 'locked' || playbook.state === 'completed') return null;
  const chosen = podId || pods.data.pods[0]!.id;
  const start = async () => {
    setStarting(true);
    try {
      await startPodPlaybook(chosen, { playbookId: playbook.id, mode });
      notify.success('Started for your pod. Everyone can join in from their Playbooks tab.');
      onStarted();
    } catch (cause) {
      notify.error(actionErrorMessage(cause, 'Could not start it for the pod. Please try again.'));
    } finally {
      setStarting(false);
    }
  };
  return (
    <form
      className="pb-together__start"
      onSubmit={(e) => {
        e.preventDefault();
        void start();
      }}
    >
      <p className="pb-together__note">
        Do it as a pod: each week opens for everyone once the pod has finished the one before.
      </p>
      <div className="pb-form__field">
        <label htmlFor={ids.pod}>Pod</label>
        <select id={ids.pod} className="pb-select" value={chosen} onChange={(e) => setPodId(e.target.value)}>
          {pods.data.pods.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="pb-together__modes">
        <legend>The next week opens when</legend>
        <label className="pb-choice">
          <input type="radio" name={ids.mode} checked={mode === 'all'} onChange={() => setMode('all')} />
          everyone has finished the week
        </label>
        <label className="pb-choice">
          <input type="radio" name={ids.mode} checked={mode === 'majority'} onChange={() => setMode('majority')} />
          most of the pod has (the pod’s creator can choose this)
        </label>
      </fieldset>
      <Button type="submit" loading={starting}>
        Start with my pod
      </Button>
    </form>
  );
}
