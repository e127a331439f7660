import { describe, expect, it } from 'vitest';
import { bonusSwipes, canSwipe, limitMaxima, limitReachedMessage } from './limits';

describe('swipe limits', () => {
  it('gives free users 5 swipes and 1 skip, Pro users 10 and 3, the weekend the same numbers', () => {
    expect(limitMaxima({ isPro: false, level: 1 })).toEqual({
      maxSwipes: 5,
      maxSkips: 1,
      maxWeekendSwipes: 5,
      maxWeekendSkips: 1,
      bonusSwipes: 0,
    });
    expect(limitMaxima({ isPro: true, level: 4 })).toEqual({
      maxSwipes: 10,
      maxSkips: 3,
      maxWeekendSwipes: 10,
      maxWeekendSkips: 3,
      bonusSwipes: 0,
    });
  });

  it('adds floor(level / 5) bonus swipes to both swipe maxima, never to skips', () => {
    expect(bonusSwipes(4)).toBe(0);
    expect(bonusSwipes(5)).toBe(1);
    expect(bonusSwipes(14)).toBe(2);
    expect(limitMaxima({ isPro: false, level: 10 })).toMatchObject({
      maxSwipes: 7,
      maxWeekendSwipes: 7,
      maxSkips: 1,
      bonusSwipes: 2,
    });
  });

  it('refuses an accept when swipes are used up, a skip when skips or swipes are', () => {
    const max = { swipes: 5, skips: 1 };
    expect(canSwipe('accept', 'daily', { swipes: 4, skips: 1 }, max)).toEqual({ ok: true });
    expect(canSwipe('accept', 'daily', { swipes: 5, skips: 0 }, max)).toMatchObject({ ok: false, limit: 'swipes' });
    expect(canSwipe('skip', 'weekend', { swipes: 0, skips: 1 }, max)).toEqual({
      ok: false,
      limit: 'skips',
      reason: 'Weekend skip limit reached. Try again tomorrow or upgrade to Pro for more skips.',
    });
    expect(canSwipe('skip', 'daily', { swipes: 5, skips: 0 }, max)).toMatchObject({ ok: false, limit: 'swipes' });
  });

  it("words the refusal as the spec's §8", () => {
    expect(limitReachedMessage('daily', 'swipes')).toBe(
      'Daily swipe limit reached. Try again tomorrow or upgrade to Pro for more swipes.',
    );
  });
});
