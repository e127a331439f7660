import { ApiError } from '@vere/web-session';
import { describe, expect, it } from 'vitest';
import { progressRetryDelay, shouldRetryProgress } from './get-progress';

const pending = new ApiError('PLAYER_NOT_FOUND', 'No player yet', 404);

describe('progress retries', () => {
  it('keeps retrying quickly while the player is being created', () => {
    expect(shouldRetryProgress(1, pending)).toBe(true);
    expect(shouldRetryProgress(7, pending)).toBe(true);
    expect(progressRetryDelay(3, pending)).toBe(400);
  });

  it('gives up on a player that never appears', () => {
    expect(shouldRetryProgress(8, pending)).toBe(false);
  });

  it('does not retry other client errors', () => {
    expect(shouldRetryProgress(0, new ApiError('FORBIDDEN', 'no', 403))).toBe(false);
  });

  it('retries server and network failures a couple of times with back-off', () => {
    const down = new ApiError('NETWORK_ERROR', 'down', 0);
    expect(shouldRetryProgress(1, down)).toBe(true);
    expect(shouldRetryProgress(2, down)).toBe(false);
    expect(progressRetryDelay(1, down)).toBe(2_000);
  });
});
