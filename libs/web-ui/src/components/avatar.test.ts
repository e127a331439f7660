import { describe, expect, it } from 'vitest';
import { gradientIndex } from './avatar';

const GRADIENTS = 8;

describe('gradientIndex', () => {
  it('gives a seed the same gradient on every render and every release', () => {
    // Pinned: a change to the hash would repaint every user's avatar.
    expect(gradientIndex('Ada')).toBe(6);
    expect(gradientIndex('Bob')).toBe(5);
    expect(gradientIndex('Linus')).toBe(7);
    expect(gradientIndex('3f0c5c9e-7d1b-4a43-9a55-4a8c4f6d9a10')).toBe(3);
    expect(['Ada', 'Ada', 'Ada'].map(gradientIndex)).toEqual([6, 6, 6]);
  });

  it('spreads different users over all 8 gradients, none crowded', () => {
    const counts = new Array<number>(GRADIENTS).fill(0);
    for (let i = 0; i < 400; i += 1) counts[gradientIndex(`user-${i}`)]! += 1;
    // 50 each on average: every gradient is used and none gets twice its share or less than half.
    for (const count of counts) {
      expect(count).toBeGreaterThan(25);
      expect(count).toBeLessThan(100);
    }
    expect(new Set(['Ada', 'Bob', 'Linus', 'Grace'].map(gradientIndex)).size).toBeGreaterThan(1);
  });

  it('is a whole index into the 8 gradients for any seed', () => {
    for (const seed of ['', 'a', 'zoë', '🦊🦊', 'x'.repeat(10_000), '\u0000']) {
      const index = gradientIndex(seed);
      expect(Number.isInteger(index)).toBe(true);
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(GRADIENTS);
    }
  });
});
