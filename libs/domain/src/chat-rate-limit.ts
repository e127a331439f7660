/** At most `max` messages per sender in any `windowMs`, to anyone. */
export interface ChatRateLimit {
  max: number;
  windowMs: number;
}

/** 20 messages in 10 s: far above a person typing, low enough that a script floods nobody. */
export const CHAT_RATE_LIMIT: ChatRateLimit = { max: 20, windowMs: 10_000 };

/** The limit as the API describes it ("20 per 10 s"). */
export const chatRateLimitText = (limit: ChatRateLimit = CHAT_RATE_LIMIT): string =>
  `${limit.max} per ${limit.windowMs / 1000} s`;

/**
 * Whole seconds (at least 1) until the sender may send again, when their messages in the window
 * (`count`, the oldest sent at `oldest`) have reached the limit at `now`; null while under it.
 */
export function chatRetryAfterSeconds(
  limit: ChatRateLimit,
  recent: { count: number; oldest: Date | null; now: Date },
): number | null {
  if (recent.count < limit.max) return null;
  const waitMs = recent.oldest ? recent.oldest.getTime() + limit.windowMs - recent.now.getTime() : limit.windowMs;
  return Math.max(1, Math.ceil(waitMs / 1000));
}
