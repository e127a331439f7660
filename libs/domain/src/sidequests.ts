// The sidequest deck (issue 22, decision 0036): the catalogue's categories and the bounds every card
// keeps (the card UI fits them, the content test checks them), and how the deck is dealt: never a
// card the user accepted or skipped on their local today, cards unseen for FRESH_DAYS first.

import type { SwipeBucket } from './limits';

/** The seven kinds of sidequest; every one is used in the catalogue. */
export const SIDEQUEST_CATEGORIES = ['social', 'body', 'mind', 'creativity', 'home', 'nature', 'courage'] as const;
export type SidequestCategory = (typeof SIDEQUEST_CATEGORIES)[number];

/** How the card names a category. */
export const SIDEQUEST_CATEGORY_LABELS: Record<SidequestCategory, string> = {
  social: 'Social',
  body: 'Body',
  mind: 'Mind',
  creativity: 'Creativity',
  home: 'Home',
  nature: 'Nature',
  courage: 'Courage',
};

/** XP a card is worth (the seeded catalogue's ranges; the spec's defaults, 30 and 60, sit inside). */
export const SIDEQUEST_XP: Record<SwipeBucket, { min: number; max: number }> = {
  daily: { min: 20, max: 40 },
  weekend: { min: 60, max: 120 },
};

/**
 * Lengths the swipe card fits on a 360 × 740 phone (title on two lines at most, description on five;
 * e2e deck-fresh checks the longest cards of the catalogue there).
 */
export const SIDEQUEST_TITLE_MAX = 32;
export const SIDEQUEST_DESCRIPTION_MIN = 40;
export const SIDEQUEST_DESCRIPTION_MAX = 120;
export const SIDEQUEST_DURATION_MAX = 12;

/** A card seen this many local days ago or more counts as fresh again. */
export const FRESH_DAYS = 30;

/**
 * Cards in one deck answer: more than anyone can decide in a day (Pro at level 100: 30 swipes and
 * 3 skips), so the deck never runs dry before the limits do.
 */
export const DECK_SIZE = 50;
