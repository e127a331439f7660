import { useEffect, useRef, useState } from 'react';
import type { ComponentType, CSSProperties } from 'react';
import { CELEBRATION_CONFETTI, CELEBRATION_SPARKLES, CelebrationQueue } from './celebration-queue';
import type { Celebration, CelebrationRequest, CelebrationType } from './celebration-queue';
import { prefersReducedMotion } from './motion';
import { IconCrown, IconFlame, IconSparkles, IconStar, IconTrophy, IconUsers } from './icons';
import type { IconProps } from './icons';

const CELEBRATE_EVENT = 'vere:celebrate';

const LOOKS: Record<CelebrationType, { icon: ComponentType<IconProps>; emoji: string; label: string }> = {
  challenge: { icon: IconTrophy, emoji: '🏆', label: 'Challenge complete' },
  streak: { icon: IconFlame, emoji: '🔥', label: 'Streak' },
  level: { icon: IconStar, emoji: '⭐', label: 'Level up' },
  achievement: { icon: IconCrown, emoji: '🏅', label: 'Achievement' },
  social: { icon: IconUsers, emoji: '🤝', label: 'With friends' },
  default: { icon: IconSparkles, emoji: '🎉', label: 'Celebration' },
};

/** Raises the celebration overlay from any bundle (the shell's CelebrationHost shows it). */
export function celebrate(request: CelebrationRequest = {}): void {
  window.dispatchEvent(new CustomEvent<CelebrationRequest>(CELEBRATE_EVENT, { detail: request }));
}


/** 200 pieces in one burst; canvas-confetti drops each piece when it leaves the screen (no recycling). */
async function burst(): Promise<void> {
  if (prefersReducedMotion()) return;
  const { default: confetti } = await import('canvas-confetti');
  await confetti({ particleCount: CELEBRATION_CONFETTI, spread: 100, startVelocity: 45, origin: { y: 0.55 }, zIndex: 1001, disableForReducedMotion: true });
}

/** Mount once per page (the shell). One celebration at a time; Escape or a tap closes it early. */
export function CelebrationHost() {
  const [current, setCurrent] = useState<Celebration | null>(null);
  const queue = useRef<CelebrationQueue | null>(null);

  useEffect(() => {
    const q = new CelebrationQueue(setCurrent);
    queue.current = q;
    const onCelebrate = (event: Event) => q.push((event as CustomEvent<CelebrationRequest>).detail ?? {});
    window.addEventListener(CELEBRATE_EVENT, onCelebrate);
    return () => {
      window.removeEventListener(CELEBRATE_EVENT, onCelebrate);
      q.stop();
    };
  }, []);

  useEffect(() => {
    if (!current) return undefined;
    burst().catch((error: unknown) => console.warn('[web-ui] confetti unavailable', error));
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') queue.current?.dismiss();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current]);

  if (!current) return null;
  const look = LOOKS[current.type];
  const Icon = look.icon;
  return (
    <div className="vui-celebration" data-type={current.type} onClick={() => queue.current?.dismiss()}>
      <div className="vui-celebration__sparkles" aria-hidden="true">
        {Array.from({ length: CELEBRATION_SPARKLES }, (_, i) => (
          <span key={i} className="vui-celebration__sparkle" style={{ '--i': i } as CSSProperties} />
        ))}
      </div>
      <div className="vui-celebration__card" role="status" aria-live="assertive" aria-label={`${look.label}: ${current.message}`}>
        <span className="vui-celebration__icon" aria-hidden="true"><Icon size={40} /></span>
        <p className="vui-celebration__emoji" aria-hidden="true">{look.emoji}</p>
        <p className="vui-celebration__message">{current.message}</p>
        <p className="vui-celebration__line">You&apos;re on fire!</p>
      </div>
    </div>
  );
}
