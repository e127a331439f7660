import { Link } from '@vere/web-router';
import { usePlayerProgress } from '@vere/web-kit';
import { StreakBadge } from '@vere/web-ui';

/**
 * The weekly streak in the frame (the phone's top bar, the desktop's sidebar): a flame and the
 * count, leading to the weekly challenge. It follows completions at once (`usePlayerProgress`
 * listens to the page's events); nothing is shown while it loads or when the read failed (no guess).
 */
export function FrameStreak({ className }: { className?: string }) {
  const { data } = usePlayerProgress();
  if (!data) return null;
  return (
    <Link to="/weekly" className={className}>
      <StreakBadge weeks={data.weeklyStreak} format="count" testId="frame-streak" />
    </Link>
  );
}
