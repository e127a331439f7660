import { isApiError } from '@vere/web-session';

/** Why a chat cannot be opened, from the service's stable codes; null when it is another failure. */
export function unavailableReason(error: unknown): 'not-friends' | 'blocked' | null {
  if (!isApiError(error)) return null;
  if (error.code === 'USER_BLOCKED') return 'blocked';
  if (error.code === 'CHAT_NOT_FRIENDS' || error.code === 'CANNOT_TARGET_SELF' || error.code === 'VALIDATION_FAILED')
    return 'not-friends';
  return null;
}

/** What the composer says when a send fails: the server's own message for the rate limit. */
export function sendErrorMessage(error: unknown): string {
  if (!isApiError(error)) return "Your message wasn't sent. Please try again.";
  if (error.code === 'RATE_LIMITED' || error.code === 'VALIDATION_FAILED') return error.message;
  if (error.code === 'NETWORK_ERROR') return "You're offline. Your message wasn't sent.";
  return "Your message wasn't sent. Please try again.";
}
