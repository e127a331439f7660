// The swipe deck's pure rules (spec §4.2 and §9): gesture thresholds, the 3-card stack, the
// seen-set with wrap-around, and where the upgrade ad goes. Limits themselves come from the server.

export const SWIPE_DISTANCE_PX = 40;
export const SHORT_SWIPE_PX = 20;
export const SHORT_SWIPE_TRAVEL_PX = 200;
export const HINT_PX = 15;
export const STACK_SIZE = 3;
export const AD_EVERY = 4;

export type SwipeDirection = 'accept' | 'skip';

/**
 * What a finished drag means: more than 40 px sideways, or more than 20 px after more than 200 px
 * of travel (a wiggle that ends a little off-centre); otherwise the card snaps back (null).
 */
export function swipeDecision(dx: number, travel: number): SwipeDirection | null {
  const far = Math.abs(dx) > SWIPE_DISTANCE_PX || (Math.abs(dx) > SHORT_SWIPE_PX && travel > SHORT_SWIPE_TRAVEL_PX);
  if (!far) return null;
  return dx > 0 ? 'accept' : 'skip';
}

/** The left/right hint shows once the card has moved more than 15 px. */
export function swipeHint(dx: number): SwipeDirection | null {
  if (dx > HINT_PX) return 'accept';
  if (dx < -HINT_PX) return 'skip';
  return null;
}

export interface DeckPosition {
  index: number;
  seen: ReadonlySet<string>;
}

export const START: DeckPosition = { index: 0, seen: new Set() };

/**
 * After deciding the card at `position.index`: mark it seen and move on, wrapping to 0 at the end.
 * Once every card is seen the seen-set starts over. Seen cards are stepped over.
 */
export function advance(ids: readonly string[], position: DeckPosition): DeckPosition {
  if (ids.length === 0) return START;
  const current = ids[position.index % ids.length]!;
  let seen = new Set(position.seen).add(current);
  if (ids.every((id) => seen.has(id))) seen = new Set();
  let index = (position.index + 1) % ids.length;
  for (let step = 0; step < ids.length && seen.has(ids[index]!); step += 1) index = (index + 1) % ids.length;
  return { index, seen };
}

/** The next cards on the stack, top first (fewer when the list is shorter). */
export function stackOf<T>(items: readonly T[], index: number, size = STACK_SIZE): T[] {
  const count = Math.min(size, items.length);
  return Array.from({ length: count }, (_, k) => items[(index + k) % items.length]!);
}

/** Spec: free users see the upgrade ad when the card index is a positive multiple of 4. */
export function showsUpgradeAd(index: number, isPro: boolean): boolean {
  return !isPro && index > 0 && index % AD_EVERY === 0;
}
