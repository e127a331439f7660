import { loadConfettiCannon } from './confetti-cannon';
import { prefersReducedMotion } from './motion';

export interface ConfettiBurstOptions {
  /** Pieces in the burst (spec: 160 or 180 in the challenge views). */
  particleCount?: number;
  /** How long the pieces fly, about (spec: about 1.2 s in the challenge views). */
  durationMs?: number;
  /** Where the burst starts, as fractions of the viewport (default: the middle, a little high). */
  origin?: { x?: number; y?: number };
}

/**
 * One confetti burst on a canvas over the page (the page's cannon, drawn without a worker); nothing
 * when the user asked for less motion. Resolves when the pieces have landed.
 */
export async function confettiBurst({
  particleCount = 160,
  durationMs = 1_200,
  origin = { y: 0.6 },
}: ConfettiBurstOptions = {}): Promise<void> {
  if (prefersReducedMotion()) return;
  const confetti = await loadConfettiCannon();
  // canvas-confetti counts its animation in frames (about 60 per second).
  const ticks = Math.max(1, Math.round((durationMs / 1_000) * 60));
  await confetti({
    particleCount,
    spread: 90,
    startVelocity: 40,
    ticks,
    origin,
    zIndex: 1001,
    disableForReducedMotion: true,
  });
}
