// Spec §9: daily swipe and skip limits. Free 5 swipes / 1 skip a day, Pro 10 / 3; the weekend deck
// has its own counters with the same numbers; every 5 levels add a bonus swipe to both swipe maxima.
// The service enforces these; the deck header and the upgrade copy show them.

export const FREE_LIMITS = { swipes: 5, skips: 1 } as const;
export const PRO_LIMITS = { swipes: 10, skips: 3 } as const;

export type SwipeBucket = 'daily' | 'weekend';
export type SwipeAction = 'accept' | 'skip';

/** floor(level / 5): one bonus swipe a day at levels 5, 10, 15, … */
export function bonusSwipes(level: number): number {
  return Number.isFinite(level) && level > 0 ? Math.floor(level / 5) : 0;
}

export interface LimitMaxima {
  maxSwipes: number;
  maxSkips: number;
  maxWeekendSwipes: number;
  maxWeekendSkips: number;
  bonusSwipes: number;
}

export function limitMaxima(input: { isPro: boolean; level: number }): LimitMaxima {
  const base = input.isPro ? PRO_LIMITS : FREE_LIMITS;
  const bonus = bonusSwipes(input.level);
  return {
    maxSwipes: base.swipes + bonus,
    maxSkips: base.skips,
    maxWeekendSwipes: base.swipes + bonus,
    maxWeekendSkips: base.skips,
    bonusSwipes: bonus,
  };
}

/** What one day has used of one bucket. */
export interface BucketUsage {
  swipes: number;
  skips: number;
}

export type SwipeVerdict = { ok: true } | { ok: false; limit: 'swipes' | 'skips'; reason: string };

/**
 * Whether one more accept or skip fits: an accept needs a swipe left; a skip needs a skip left and
 * also a swipe left (spec §4.2). The service checks the same inside its counting statement.
 */
export function canSwipe(
  action: SwipeAction,
  bucket: SwipeBucket,
  used: BucketUsage,
  max: { swipes: number; skips: number },
): SwipeVerdict {
  if (used.swipes >= max.swipes) return { ok: false, limit: 'swipes', reason: limitReachedMessage(bucket, 'swipes') };
  if (action === 'skip' && used.skips >= max.skips)
    return { ok: false, limit: 'skips', reason: limitReachedMessage(bucket, 'skips') };
  return { ok: true };
}

/** Spec §8: "{Daily or Weekend} swipe limit reached. …" and the matching skip message. */
export function limitReachedMessage(bucket: SwipeBucket, limit: 'swipes' | 'skips'): string {
  const which = bucket === 'daily' ? 'Daily' : 'Weekend';
  return limit === 'swipes'
    ? `${which} swipe limit reached. Try again tomorrow or upgrade to Pro for more swipes.`
    : `${which} skip limit reached. Try again tomorrow or upgrade to Pro for more skips.`;
}
