import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CELEBRATION_MS, CelebrationQueue, type Celebration } from './celebration-queue';

describe('celebration queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('closes after 3000 ms by itself and then calls back once', () => {
    const seen: Array<Celebration | null> = [];
    const onDone = vi.fn();
    const queue = new CelebrationQueue((c) => seen.push(c));
    queue.push({ type: 'level', onDone });
    expect(queue.current).toMatchObject({ type: 'level', message: 'Amazing!', line: "You're on fire!" });
    vi.advanceTimersByTime(CELEBRATION_MS - 1);
    expect(onDone).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(queue.current).toBeNull();
    vi.advanceTimersByTime(10_000);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(seen.map((c) => c?.type ?? null)).toEqual(['level', null]);
  });

  it('shows one at a time, in order, each for its own 3 s; a dismissal ends one early', () => {
    const order: string[] = [];
    const queue = new CelebrationQueue(() => {});
    queue.push({ message: 'first', onDone: () => order.push('first') });
    queue.push({ type: 'streak', message: 'second', line: 'Streak extended', onDone: () => order.push('second') });
    expect(queue.current?.message).toBe('first');
    queue.dismiss();
    expect(order).toEqual(['first']);
    expect(queue.current).toMatchObject({ type: 'streak', message: 'second', line: 'Streak extended' });
    vi.advanceTimersByTime(CELEBRATION_MS);
    expect(order).toEqual(['first', 'second']);
    expect(queue.current).toBeNull();
  });

  it('keeps going when a callback throws', () => {
    const queue = new CelebrationQueue(() => {});
    queue.push({
      onDone: () => {
        throw new Error('boom');
      },
    });
    queue.push({ message: 'next' });
    expect(() => vi.advanceTimersByTime(CELEBRATION_MS)).toThrow('boom');
    expect(queue.current?.message).toBe('next');
  });
});
