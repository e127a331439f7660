import { Type, type Static } from 'typebox';

/**
 * Stable error codes every service answers with. The UI maps codes (never messages)
 * to the spec's wording, so a code, once shipped, keeps its meaning.
 */
export const ErrorCodes = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  RESET_LINK_INVALID: 400,
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
  EMAIL_TAKEN: 409,
  USERNAME_TAKEN: 409,
  CONFLICT: 409,
  /** Spec §8: the day's (or weekend day's) swipes are used up. */
  SWIPE_LIMIT_REACHED: 409,
  /** The day's skips are used up. */
  SKIP_LIMIT_REACHED: 409,
  /** A weekend sidequest outside Friday 17:00 to Sunday 24:00, the user's local time. */
  WEEKEND_CLOSED: 409,
  TODO_ALREADY_COMPLETED: 409,
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
