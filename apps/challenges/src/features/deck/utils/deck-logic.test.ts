import { describe, expect, it } from 'vitest';
import { remainingCards, showsUpgradeAd, stackOf, swipeDecision, swipeHint } from './deck-logic';

describe('swipe thresholds (spec §4.2)', () => {
  it('accepts right and skips left beyond 40 px', () => {
    expect(swipeDecision(41, 41)).toBe('accept');
    expect(swipeDecision(-41, 41)).toBe('skip');
    expect(swipeDecision(40, 40)).toBeNull();
  });

  it('takes 20 px when the drag travelled more than 200 px', () => {
    expect(swipeDecision(21, 201)).toBe('accept');
    expect(swipeDecision(-21, 201)).toBe('skip');
    expect(swipeDecision(21, 200)).toBeNull();
    expect(swipeDecision(20, 500)).toBeNull();
  });

  it('hints after 15 px', () => {
    expect(swipeHint(15)).toBeNull();
    expect(swipeHint(16)).toBe('accept');
    expect(swipeHint(-16)).toBe('skip');
  });
});

describe('deck position', () => {
  it('leaves out the cards decided on the page, keeping the server order', () => {
    const deck = ['a', 'b', 'c', 'd'].map((id) => ({ id }));
    expect(remainingCards(deck, new Set(['b', 'x'])).map((c) => c.id)).toEqual(['a', 'c', 'd']);
    expect(remainingCards(deck, new Set(['a', 'b', 'c', 'd']))).toEqual([]);
  });

  it('shows the next three cards, wrapping', () => {
    expect(stackOf(['a', 'b', 'c', 'd'], 3)).toEqual(['d', 'a', 'b']);
    expect(stackOf(['a'], 0)).toEqual(['a']);
    expect(stackOf([], 0)).toEqual([]);
  });
});

describe('upgrade ad', () => {
  it('shows every 4th card to free users only', () => {
    expect(showsUpgradeAd(0, false)).toBe(false);
    expect(showsUpgradeAd(4, false)).toBe(true);
    expect(showsUpgradeAd(8, false)).toBe(true);
    expect(showsUpgradeAd(5, false)).toBe(false);
    expect(showsUpgradeAd(4, true)).toBe(false);
  });
});
