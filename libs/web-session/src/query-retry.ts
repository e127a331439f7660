import { isApiError } from './api-error';

/** Outages (no answer, a time-out, a 5xx) are asked again this many times by default. */
const OUTAGE_RETRIES = 2;
/** Right after sign-up quests creates the player from the registration event: about 3 s of 404 PLAYER_NOT_FOUND. */
const PLAYER_PENDING_RETRIES = 8;
const PLAYER_PENDING_DELAY_MS = 400;

export interface QueryRetry {
  retry(failureCount: number, error: unknown): boolean;
  retryDelay(failureCount: number, error: unknown): number;
}

function playerPending(error: unknown): boolean {
  return isApiError(error) && error.code === 'PLAYER_NOT_FOUND';
}

/**
 * The retry policy of every query in every app, spread into TanStack Query's options
 * (`useQuery({ queryKey, queryFn, ...queryRetry() })`). A 4xx will not change by asking again (a 401
 * was already refreshed once by apiFetch), except PLAYER_NOT_FOUND while the new player is being
 * created: asked again every 400 ms, 8 times. Outages get `retries` more tries after 1 s, 2 s, … (4 s at most).
 */
export function queryRetry(retries = OUTAGE_RETRIES): QueryRetry {
  return {
    retry(failureCount, error) {
      if (playerPending(error)) return failureCount < PLAYER_PENDING_RETRIES;
      if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
      return failureCount < retries;
    },
    retryDelay(failureCount, error) {
      return playerPending(error) ? PLAYER_PENDING_DELAY_MS : Math.min(1_000 * 2 ** failureCount, 4_000);
    },
  };
}
