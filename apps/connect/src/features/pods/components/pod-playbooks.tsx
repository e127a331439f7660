import { IconCompass } from '@vere/web-ui';
import { Link } from '@vere/web-router';
import { usePodPlaybooks } from '../api/get-pod-playbooks';

/**
 * The pod page's playbooks (decision 0041): each playbook the pod runs, the week it has open and
 * every member's finished weeks, refreshed live by the pod stream's `pod-playbook-updated`. Nothing
 * while the pod runs none.
 */
export function PodPlaybooks({ podId, me }: { podId: string; me: string | undefined }) {
  const { data, isError } = usePodPlaybooks(podId);
  if (isError || !data || data.runs.length === 0) return null;
  return (
    <section className="vui-section" aria-labelledby="cn-pod-playbooks" data-testid="pod-playbooks">
      <h2 id="cn-pod-playbooks" className="vui-section__title">
        Playbooks together
      </h2>
      {data.runs.map((run) => (
        <div key={run.playbookId} className="cn-pb" data-testid="pod-playbook">
          <p className="cn-pb__head">
            <IconCompass size={18} aria-hidden="true" />
            <Link to={`/guides/${encodeURIComponent(run.playbookId)}`} className="cn-pb__title">
              {run.title}
            </Link>
            <span className="cn-chip">
              Week {run.openWeek} of {run.weeks} open
            </span>
          </p>
          <ul className="cn-pb__members" aria-label={`Progress on ${run.title}`}>
            {run.members.map((m) => (
              <li key={m.user.id} className="cn-pb__member" data-testid="pod-playbook-member">
                <span className="cn-pb__name">
                  {m.user.name}
                  {m.user.id === me ? ' (you)' : ''}
                </span>
                <span className={`cn-chip${m.behind ? '' : ' cn-chip--ok'}`}>
                  {m.weeksFinished} of {run.weeks} weeks{m.behind ? '' : ' ✓'}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
