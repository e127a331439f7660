// The swipe deck's pure rules (spec §4.2 and §9): gesture thresholds, the 3-card stack, the cards
// left once some are decided, and where the upgrade ad goes. Limits and which cards the deck holds
// (never one swiped today, decision 0036) come from the server.

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

/**
 * The cards still to decide, in the server's order: the deck minus the ones decided on this page
 * (the server leaves out every card swiped today once the deck is read again).
 */
export function remainingCards<T extends { id: string }>(deck: readonly T[], decided: ReadonlySet<string>): T[] {
  return deck.filter((card) => !decided.has(card.id));
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
