import { actionErrorMessage, connectivity, isApiError } from '@vere/web-session';
import type { Connectivity } from '@vere/web-session';

/** What the user reads for each stable code of the pods service (friends, pods, invites, reports). */
const MESSAGES: Record<string, string> = {
  POD_CREATION_LIMIT_REACHED: "You've reached your pod limit.",
  POD_FULL: 'This pod is full.',
  INVITE_EXPIRED: 'This invite link has expired.',
  INVITE_NOT_FOUND: "This invite link doesn't work any more.",
  POD_NOT_FOUND: "This pod doesn't exist or you're not a member of it.",
  POD_CREATOR_CANNOT_LEAVE: "The pod's creator can't leave it; delete the pod instead.",
  USER_NOT_FOUND: "We couldn't find that user.",
  USER_BLOCKED: "You've blocked this user. Unblock them first.",
  ALREADY_FRIENDS: "You're already friends.",
  FRIEND_REQUEST_NOT_FOUND: 'That request is no longer there.',
  FRIEND_NOT_FOUND: "You're not friends any more.",
  CANNOT_TARGET_SELF: "You can't do that to yourself.",
  REPORT_TARGET_NOT_FOUND: "That's no longer there to report.",
  FORBIDDEN: 'Only the pod creator can do that.',
  VALIDATION_FAILED: 'Please check what you entered.',
  NETWORK_ERROR: 'Could not reach the server. Check your connection and try again.',
};

/** Offline, an action that got no answer says so rather than "check your connection". */
export function errorMessage(error: unknown, connection: Connectivity = connectivity.get()): string {
  if (isApiError(error)) return actionErrorMessage(error, MESSAGES[error.code] ?? error.message, connection);
  return 'Something went wrong. Please try again.';
}
