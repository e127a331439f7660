import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './use-chat-stream';

describe('reconnect back-off', () => {
  it('doubles from 1 s up to 30 s, with the jitter inside [half, full]', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => reconnectDelay(n, () => 1))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(10, () => 0)).toBe(15000);
  });
});
