import { describe, expect, it } from 'vitest';
import { START, advance, showsUpgradeAd, stackOf, swipeDecision, swipeHint } from './deck-logic';

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
  const ids = ['a', 'b', 'c'];

  it('moves on, wraps at the end and starts the seen-set over when all are seen', () => {
    let p = advance(ids, START);
    expect(p.index).toBe(1);
    p = advance(ids, p);
    expect(p.index).toBe(2);
    expect([...p.seen]).toEqual(['a', 'b']);
    p = advance(ids, p);
    expect(p.index).toBe(0);
    expect(p.seen.size).toBe(0);
  });

  it('steps over seen cards', () => {
    expect(advance(ids, { index: 0, seen: new Set(['b']) }).index).toBe(2);
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
