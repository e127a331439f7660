import { Type, type Static } from 'typebox';

/**
 * Stable error codes every service answers with. The UI maps codes (never messages)
 * to the spec's wording, so a code, once shipped, keeps its meaning.
 */
export const ErrorCodes = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  RESET_LINK_INVALID: 400,
  /** An unsubscribe link that is forged, altered, expired or for an unknown account (decision 0043). */
  UNSUBSCRIBE_LINK_INVALID: 400,
  /** A one-time sign-in code (the iOS app's Google return) that is unknown, forged, used already or expired. */
  SIGN_IN_CODE_INVALID: 400,
  /** A native return target (`app_redirect`) that is not on identity's allow-list. */
  REDIRECT_NOT_ALLOWED: 400,
  /** A photo upload without a file in the multipart field `file`. */
  PHOTO_MISSING: 400,
  /** An upload whose bytes claim an image type but cannot be decoded. */
  PHOTO_UNREADABLE: 400,
  /** A payment provider's webhook whose signature does not match, or is older than the tolerance. */
  WEBHOOK_SIGNATURE_INVALID: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  PASSWORD_INCORRECT: 403,
  /** A photo link that has expired or whose signature does not match. */
  PHOTO_LINK_INVALID: 403,
  NOT_FOUND: 404,
  PLAYER_NOT_FOUND: 404,
  /** A sign-in provider (Google) that this deployment has not configured. */
  PROVIDER_NOT_CONFIGURED: 404,
  SIDEQUEST_NOT_FOUND: 404,
  TODO_NOT_FOUND: 404,
  /** No weekly challenge (week assignment) with that id. */
  WEEKLY_CHALLENGE_NOT_FOUND: 404,
  /** No challenge in the catalogue with that id. */
  CHALLENGE_NOT_FOUND: 404,
  /** No playbook with that id (or no step with that id in it). */
  PLAYBOOK_NOT_FOUND: 404,
  PLAYBOOK_STEP_NOT_FOUND: 404,
  /** A playbook above the player's level, without Pro (also: continuing one started with Pro after Pro ended). */
  PLAYBOOK_LOCKED: 403,
  /** A step of a week that has not opened yet (the previous week is not finished), or of a playbook not started. */
  PLAYBOOK_STEP_LOCKED: 409,
  PLAYBOOK_STEP_ALREADY_COMPLETED: 409,
  /** No challenge pack with that id. */
  PACK_NOT_FOUND: 404,
  /** A Pro-only pack, for a player without Pro. */
  PACK_PRO_ONLY: 403,
  /** An advanced pack below its level, without Pro. */
  PACK_LOCKED: 403,
  /** A member's step in a week their pod has not opened yet (decision 0041). */
  POD_WEEK_LOCKED: 409,
  /** Only the pod's creator chooses a mode other than "all" for a pod playbook. */
  NOT_POD_CREATOR: 403,
  /** No run of that playbook in that pod. */
  POD_PLAYBOOK_NOT_FOUND: 404,
  /** Sharing a playbook to pods before finishing it. */
  PLAYBOOK_NOT_COMPLETED: 409,
  /** Assessments (issue 24, decision 0049): unknown assessment, a Pro-only one for a free player, another's result. */
  ASSESSMENT_NOT_FOUND: 404,
  ASSESSMENT_PRO_ONLY: 403,
  ASSESSMENT_RESULT_NOT_FOUND: 404,
  /** An answer to an item the assessment does not have. */
  ASSESSMENT_UNKNOWN_ITEM: 400,
  /** Submitted before every item has an answer. */
  ASSESSMENT_INCOMPLETE: 400,
  /** Friends can only rate the player on some assessments (big-five). */
  ASSESSMENT_NOT_RATEABLE: 400,
  /** No rating request with that id addressed to the caller. */
  RATING_REQUEST_NOT_FOUND: 404,
  RATING_ALREADY_GIVEN: 409,
  /** Only friends may be asked to rate, and only friends may rate. */
  NOT_FRIENDS: 403,
  EMAIL_TAKEN: 409,
  USERNAME_TAKEN: 409,
  CONFLICT: 409,
  /** Spec §8: the day's (or weekend day's) swipes are used up. */
  SWIPE_LIMIT_REACHED: 409,
  /** The day's skips are used up. */
  SKIP_LIMIT_REACHED: 409,
  /** A weekend sidequest outside Friday 17:00 to Sunday 24:00, the user's local time. */
  WEEKEND_CLOSED: 409,
  /** The card was already accepted or skipped on the user's local today (decision 0036). */
  ALREADY_SWIPED_TODAY: 409,
  TODO_ALREADY_COMPLETED: 409,
  /** A weekly challenge that is not among the user's current ones (a past or future week). */
  WEEKLY_CHALLENGE_CLOSED: 409,
  /** Assigning a week whose challenge someone has already accepted or completed. */
  WEEK_IN_USE: 409,
  /** Spec §8: rotation found nothing to assign ("No data returned from rotation function"). */
  ROTATION_EMPTY: 409,
  /* pods (issue 10): friends, blocks, reports, pods and invites. */
  /** The user does not exist, or is hidden from the caller (a block either way). */
  USER_NOT_FOUND: 404,
  FRIEND_REQUEST_NOT_FOUND: 404,
  FRIEND_NOT_FOUND: 404,
  /** Befriending, blocking or reporting oneself. */
  CANNOT_TARGET_SELF: 400,
  ALREADY_FRIENDS: 409,
  /** The caller blocked this user: unblock first. */
  USER_BLOCKED: 409,
  /** The pod does not exist or the caller is not a member (never 403: that would leak it exists). */
  POD_NOT_FOUND: 404,
  POD_MEMBER_NOT_FOUND: 404,
  /** Unknown or revoked invite code (also for a user the pod's creator blocked, either way). */
  INVITE_NOT_FOUND: 404,
  INVITE_EXPIRED: 410,
  /** Free: 1 active pod created, 3 from level 10; Pro: unlimited. */
  POD_CREATION_LIMIT_REACHED: 409,
  /** The pod holds its member cap (8, or 99 for a Pro creator; the creator counts). */
  POD_FULL: 409,
  /** The creator deletes the pod instead of leaving it. */
  POD_CREATOR_CANNOT_LEAVE: 409,
  /* The two-way pod feed (decision 0038). */
  /** The log entry is not in that pod, or is hidden from the caller (its author blocked either way or reported, or the entry reported). */
  POD_LOG_ENTRY_NOT_FOUND: 404,
  /** No comment of the caller's with that id on that entry. */
  POD_COMMENT_NOT_FOUND: 404,
  /** The member already completed this week's challenge: nothing to nudge. */
  MEMBER_ALREADY_DONE: 409,
  /** The caller already nudged this member today (the member's day). */
  NUDGE_ALREADY_SENT: 409,
  /**
   * Chat: the other user is not the caller's friend (never was, unknown, unfriended, or they blocked
   * the caller). A block the caller placed answers USER_BLOCKED instead.
   */
  CHAT_NOT_FRIENDS: 403,
  /** The reported user, pod log entry or message does not exist or is not visible to the caller. */
  REPORT_TARGET_NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  /** A photo over 10 MiB (or with too many pixels). */
  PHOTO_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A file that is not a JPEG, PNG, WebP, GIF or HEIF/AVIF image by its bytes (whatever its name says). */
  PHOTO_TYPE_NOT_ALLOWED: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The sign-in provider could not be reached (its discovery document, for instance). */
  PROVIDER_UNAVAILABLE: 503,
  NOT_READY: 503,
  /** Load shedding: the service is over its event-loop or database-pool limit; `Retry-After` says when to try again. */
  OVERLOADED: 503,
} as const;

export type ErrorCode = keyof typeof ErrorCodes;

export const ErrorBodySchema = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: 'Stable machine-readable code, e.g. EMAIL_TAKEN' }),
      message: Type.String({ description: 'Human-readable explanation (safe to show)' }),
      field: Type.Optional(Type.String({ description: 'Input field the error is about, when there is one' })),
    }),
  },
  { $id: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBodySchema>;
