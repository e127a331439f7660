import { describe, expect, it } from 'vitest';
import { limiter, PHOTO_BODIES_AT_ONCE, withPhotoBodySlot } from './intake';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('limiter', () => {
  it('runs at most `limit` tasks at once, the rest in the order they came, and frees a slot on failure', async () => {
    const run = limiter(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const results = await Promise.allSettled(
      Array.from({ length: 7 }, (_, i) =>
        run(async () => {
          order.push(i);
          running += 1;
          most = Math.max(most, running);
          await tick();
          running -= 1;
          if (i === 1) throw new Error('refused');
          return i;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(6);
  });

  it('holds at most PHOTO_BODIES_AT_ONCE upload bodies at once', async () => {
    let held = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 12 }, () =>
        withPhotoBodySlot(async () => {
          held += 1;
          most = Math.max(most, held);
          await tick();
          held -= 1;
        }),
      ),
    );
    expect(PHOTO_BODIES_AT_ONCE).toBe(4);
    expect(most).toBe(PHOTO_BODIES_AT_ONCE);
  });
});
