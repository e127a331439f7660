import { actionErrorMessage, connectivity, isApiError } from '@vere/web-session';
import type { Connectivity } from '@vere/web-session';
import type { SwipeDirection } from './deck-logic';

// Spec §8.
export const ACCEPT_FAILED = 'Failed to accept challenge. Please try again.';
export const SKIP_FAILED = 'Failed to skip challenge. Please try again.';
export const SKIP_DENIED = 'Cannot skip this challenge';
export const SKIPPED = 'Challenge skipped. Try the next one!';
export const WEEKEND_CLOSED_TEXT = 'Check back on Saturday and Sunday for exciting weekend challenges.';

/**
 * A refusal the server explained (4xx) shows its message; no answer while offline says so;
 * anything else the spec's failure text.
 */
export function swipeErrorMessage(
  action: SwipeDirection,
  error: unknown,
  connection: Connectivity = connectivity.get(),
): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    if (error.message) return error.message;
    if (action === 'skip') return SKIP_DENIED;
  }
  return actionErrorMessage(error, action === 'accept' ? ACCEPT_FAILED : SKIP_FAILED, connection);
}
