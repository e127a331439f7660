import type { LevelProgress } from '@vere/domain';

export interface XpBarProps {
  progress: LevelProgress;
}

/** XP earned inside the current level over the XP the level spans. */
export function xpWithinLevel(progress: LevelProgress): { earned: number; needed: number } {
  const needed = Math.max(0, progress.nextLevelXP - progress.currentLevelXP);
  const earned = Math.min(needed, Math.max(0, progress.totalXP - progress.currentLevelXP));
  return { earned, needed };
}

export function XpBar({ progress }: XpBarProps) {
  const { earned, needed } = xpWithinLevel(progress);
  const maxed = needed === 0;
  const percent = maxed ? 100 : Math.round((earned / needed) * 100);
  const label = maxed ? 'Max level' : `${earned} / ${needed} XP`;
  return (
    <div className="vui-xp">
      <div
        className="vui-xp__track"
        role="progressbar"
        aria-label={
          maxed ? 'Experience: maximum level reached' : `Experience towards Level ${progress.currentLevel + 1}`
        }
        aria-valuemin={0}
        aria-valuemax={maxed ? 100 : needed}
        aria-valuenow={maxed ? 100 : earned}
        aria-valuetext={maxed ? 'Max level' : `${earned} of ${needed} XP`}
      >
        <span className="vui-xp__fill" style={{ width: `${Math.max(percent, 0)}%` }} />
      </div>
      <span className="vui-xp__label" data-testid="xp-label">
        {label}
      </span>
    </div>
  );
}
