import { Link } from '@vere/web-router';
import { useMyPods } from '@vere/web-kit';
import { Card, IconFlame } from '@vere/web-ui';
import { MY_PODS_STALE_MS } from '../utils/weekly-logic';

/**
 * The streak of each pod the user is in: what a pod-mate's completion moves this week. Kept live by
 * the pods stream (weekly-page); hidden without pods or when the read fails (spec §7.4).
 */
export function PodStreaks() {
  const { data } = useMyPods({ staleTime: MY_PODS_STALE_MS });
  if (!data || data.pods.length === 0) return null;
  return (
    <Card className="ch-pods" data-testid="weekly-pod-streaks">
      <h2 className="ch-side__title">Your Pods</h2>
      <ul className="ch-pods__list">
        {data.pods.map((pod) => (
          <li key={pod.id}>
            <Link to={`/pods/${pod.id}`} className="ch-pods__link" data-testid="weekly-pod">
              <span className="ch-pods__name">{pod.name}</span>
              <span className="ch-pods__streak" data-testid="weekly-pod-streak">
                <IconFlame size={16} /> {pod.currentStreak} {pod.currentStreak === 1 ? 'week' : 'weeks'}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
