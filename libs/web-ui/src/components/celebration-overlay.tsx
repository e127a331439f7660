import { useEffect } from 'react';
import type { ComponentType, CSSProperties } from 'react';
import { CELEBRATION_CONFETTI, CELEBRATION_SPARKLES } from './celebration-queue';
import type { Celebration, CelebrationType } from './celebration-queue';
import { loadConfettiCannon } from './confetti-cannon';
import { prefersReducedMotion } from './motion';
import { IconCrown, IconFlame, IconSparkles, IconStar, IconTrophy, IconUsers } from './icons';
import type { IconProps } from './icons';
import './celebration-overlay.css';

// The host loads the queue with the overlay (celebration.tsx): both stay off the first paint's path.
export { CelebrationQueue } from './celebration-queue';

const LOOKS: Record<CelebrationType, { icon: ComponentType<IconProps>; emoji: string; label: string }> = {
  challenge: { icon: IconTrophy, emoji: '🏆', label: 'Challenge complete' },
  streak: { icon: IconFlame, emoji: '🔥', label: 'Streak' },
  level: { icon: IconStar, emoji: '⭐', label: 'Level up' },
  achievement: { icon: IconCrown, emoji: '🏅', label: 'Achievement' },
  social: { icon: IconUsers, emoji: '🤝', label: 'With friends' },
  default: { icon: IconSparkles, emoji: '🎉', label: 'Celebration' },
};

/** 200 pieces in one burst; canvas-confetti drops each piece when it leaves the screen (no recycling). */
async function burst(): Promise<void> {
  if (prefersReducedMotion()) return;
  const confetti = await loadConfettiCannon();
  await confetti({
    particleCount: CELEBRATION_CONFETTI,
    spread: 100,
    startVelocity: 45,
    origin: { y: 0.55 },
    zIndex: 1001,
    disableForReducedMotion: true,
  });
}

/**
 * The overlay of one celebration (CelebrationHost loads this module on the first celebration, so
 * it is not on the first paint's path; decision 0020). Escape or a tap calls `onDismiss`.
 */
export function CelebrationOverlay({ celebration, onDismiss }: { celebration: Celebration; onDismiss(): void }) {
  useEffect(() => {
    burst().catch((error: unknown) => console.warn('[web-ui] confetti unavailable', error));
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [celebration, onDismiss]);

  const look = LOOKS[celebration.type];
  const Icon = look.icon;
  return (
    <div className="vui-celebration" data-type={celebration.type} onClick={onDismiss}>
      <div className="vui-celebration__sparkles" aria-hidden="true">
        {Array.from({ length: CELEBRATION_SPARKLES }, (_, i) => (
          <span key={i} className="vui-celebration__sparkle" style={{ '--i': i } as CSSProperties} />
        ))}
      </div>
      <div
        className="vui-celebration__card"
        role="status"
        aria-live="assertive"
        aria-label={`${look.label}: ${celebration.message}`}
      >
        <span className="vui-celebration__icon" aria-hidden="true">
          <Icon size={40} />
        </span>
        <p className="vui-celebration__emoji" aria-hidden="true">
          {look.emoji}
        </p>
        <p className="vui-celebration__message">{celebration.message}</p>
        <p className="vui-celebration__line">{celebration.line}</p>
      </div>
    </div>
  );
}
