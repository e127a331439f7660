import type { LevelProgress } from '@vere/domain';
import { IconStar } from './icons';

export interface LevelBadgeProps {
  progress: Pick<LevelProgress, 'currentLevel'>;
  size?: 'md' | 'lg';
}

export function LevelBadge({ progress, size = 'md' }: LevelBadgeProps) {
  return (
    <span className={`vui-level-badge vui-level-badge--${size}`} data-testid="level-badge">
      <span className="vui-level-badge__star" aria-hidden="true">
        <IconStar size={size === 'lg' ? 20 : 16} />
      </span>
      Level {progress.currentLevel}
    </span>
  );
}
