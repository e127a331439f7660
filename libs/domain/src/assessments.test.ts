import { describe, expect, it } from 'vitest';
import { assessmentAccess, keyedAnswer, meanToScore, scoreAnswers, scoreBand } from './assessments';

describe('assessment scoring', () => {
  it('reverses a reverse-keyed item and maps the mean onto 0–100', () => {
    expect(keyedAnswer(5, '-')).toBe(1);
    expect(keyedAnswer(2, '-')).toBe(4);
    expect(keyedAnswer(2, '+')).toBe(2);
    expect(meanToScore(1)).toBe(0);
    expect(meanToScore(3)).toBe(50);
    expect(meanToScore(5)).toBe(100);
    // a: 4 (+), 2 (−) → 4 + 4 = 8 / 2 = 4 → 75; b: 1 (+) → 0.
    const scores = scoreAnswers(
      ['a', 'b'],
      [
        { id: 'x', dimension: 'a', key: '+' },
        { id: 'y', dimension: 'a', key: '-' },
        { id: 'z', dimension: 'b', key: '+' },
      ],
      { x: 4, y: 2, z: 1 },
    );
    expect(scores).toEqual({ a: 75, b: 0 });
  });

  it('refuses an incomplete or out-of-range set of answers', () => {
    const items = [{ id: 'x', dimension: 'a', key: '+' as const }];
    expect(() => scoreAnswers(['a'], items, {})).toThrow();
    expect(() => scoreAnswers(['a'], items, { x: 6 })).toThrow();
  });

  it('bands a score: below 40 low, above 60 high, else middle', () => {
    expect([0, 39, 40, 60, 61, 100].map(scoreBand)).toEqual(['low', 'low', 'middle', 'middle', 'high', 'high']);
  });

  it('opens a Pro assessment only with Pro', () => {
    expect(assessmentAccess({ id: 'resilience', isPro: false })).toBe('pro');
    expect(assessmentAccess({ id: 'resilience', isPro: true })).toBe('open');
    expect(assessmentAccess({ id: 'big-five', isPro: false })).toBe('open');
  });
});
