import { Link } from '@vere/web-router';
import { IconArrowRight } from '@vere/web-ui';
import type { PodSummary } from '@vere/contracts';
import { PodMeta } from './pod-meta';

export function PodCard({ pod }: { pod: PodSummary }) {
  return (
    <Link to={`/pods/${encodeURIComponent(pod.id)}`} className="cn-pod" data-testid="pod-card">
      <span className="cn-pod__body">
        <span className="cn-pod__name">{pod.name}</span>
        <PodMeta pod={pod} />
      </span>
      <span className="cn-pod__go" aria-hidden="true">
        <IconArrowRight size={20} />
      </span>
    </Link>
  );
}
