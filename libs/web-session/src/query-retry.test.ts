import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { queryRetry } from './query-retry';

const { retry, retryDelay } = queryRetry();
const down = new ApiError('NETWORK_ERROR', 'down', 0);
const pending = new ApiError('PLAYER_NOT_FOUND', 'No player yet', 404);

describe('queryRetry', () => {
  it('never asks again after a client error', () => {
    for (const [code, status] of [
      ['VALIDATION_FAILED', 400],
      ['UNAUTHENTICATED', 401],
      ['FORBIDDEN', 403],
      ['POD_NOT_FOUND', 404],
      ['INVITE_EXPIRED', 410],
      ['RATE_LIMITED', 429],
    ] as const) {
      expect(retry(0, new ApiError(code, 'no', status))).toBe(false);
    }
  });

  it('retries outages twice with back-off', () => {
    expect(retry(0, down)).toBe(true);
    expect(retry(1, new ApiError('HTTP_503', 'down', 503))).toBe(true);
    expect(retry(2, down)).toBe(false);
    expect(retry(0, new TypeError('not an ApiError'))).toBe(true);
    expect([0, 1, 2, 3].map((n) => retryDelay(n, down))).toEqual([1_000, 2_000, 4_000, 4_000]);
  });

  it('takes a smaller number of outage retries', () => {
    const once = queryRetry(1);
    expect(once.retry(0, down)).toBe(true);
    expect(once.retry(1, down)).toBe(false);
    expect(once.retry(0, new ApiError('FORBIDDEN', 'no', 403))).toBe(false);
  });

  it('keeps asking quickly while the player is being created, then gives up', () => {
    expect(retry(1, pending)).toBe(true);
    expect(retry(7, pending)).toBe(true);
    expect(retryDelay(3, pending)).toBe(400);
    expect(retry(8, pending)).toBe(false);
  });
});
