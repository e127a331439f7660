import { IconFlame, IconUsers } from '@vere/web-ui';
import type { PodSummary } from '@vere/contracts';
import { memberCountLabel, streakLabel } from '../utils/pod-labels';

/** Member count and pod streak chips, as the pod list and the pod page show them. */
export function PodMeta({ pod }: { pod: Pick<PodSummary, 'memberCount' | 'currentStreak'> }) {
  return (
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
  );
}
