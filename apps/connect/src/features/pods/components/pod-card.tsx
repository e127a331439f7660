import { Link } from 'react-router-dom';
import { IconArrowRight, IconFlame, IconUsers } from '@vere/web-ui';
import type { PodSummary } from '../api/get-my-pods';
import { memberCountLabel, streakLabel } from '../pod-labels';

export function PodCard({ pod }: { pod: PodSummary }) {
  return (
    <Link to={`/pods/${encodeURIComponent(pod.id)}`} className="cn-pod" data-testid="pod-card">
      <span className="cn-pod__body">
        <span className="cn-pod__name">{pod.name}</span>
        <span className="cn-pod__meta">
          <span className="cn-chip">
            <IconUsers size={14} />
            {memberCountLabel(pod.memberCount)}
          </span>
          <span className={pod.currentStreak > 0 ? 'cn-chip cn-chip--streak' : 'cn-chip'}>
            <IconFlame size={14} />
            {streakLabel(pod.currentStreak)}
          </span>
        </span>
      </span>
      <span className="cn-pod__go" aria-hidden="true">
        <IconArrowRight size={20} />
      </span>
    </Link>
  );
}
