import type { ChatRateLimit } from './chat-rate-limit';
import { localDate } from './time-zone';
import { isPlainText, type FieldVerdict } from './validation';

/*
 * The two-way pod feed (issue 22 point 5, decision 0038): reactions and comments on pod log entries,
 * and nudges for members who have not completed this week's challenge yet.
 */

/** The reactions a member can give a log entry: one of each kind per member and entry. */
export const POD_REACTIONS = ['fire', 'clap', 'muscle'] as const;
export type PodReaction = (typeof POD_REACTIONS)[number];

/** How each reaction looks and what a screen reader says for it. */
export const POD_REACTION_DISPLAY: Record<PodReaction, { emoji: string; label: string }> = {
  fire: { emoji: '🔥', label: 'Fire' },
  clap: { emoji: '👏', label: 'Applause' },
  muscle: { emoji: '💪', label: 'Strong' },
};

export const isPodReaction = (value: string): value is PodReaction =>
  (POD_REACTIONS as readonly string[]).includes(value);

/** A comment holds at most this many characters (code points, after trimming), on one line. */
export const POD_COMMENT_MAX_LENGTH = 280;

/** Characters as a person counts them (an emoji is one). */
export const podCommentLength = (text: string): number => [...text.trim()].length;

/** A comment is trimmed single-line text of 1 to 280 characters, without control characters. */
export function validatePodComment(raw: string): FieldVerdict {
  const length = podCommentLength(raw);
  if (length === 0) return { ok: false, reason: 'Write a comment first.' };
  if (length > POD_COMMENT_MAX_LENGTH)
    return { ok: false, reason: `A comment has at most ${POD_COMMENT_MAX_LENGTH} characters.` };
  if (/[\r\n]/.test(raw.trim()) || !isPlainText(raw))
    return { ok: false, reason: 'The comment contains characters that are not allowed.' };
  return { ok: true };
}

/** An entry shows its newest this many comments (oldest first). */
export const POD_COMMENTS_SHOWN = 50;

/** Comments per author and window, across every pod (counted like chat's limit). */
export const POD_COMMENT_RATE_LIMIT: ChatRateLimit = { max: 10, windowMs: 60_000 };

/**
 * The day a nudge counts against: the **recipient's** calendar day in their time zone (UTC until
 * their profile names one). At most one nudge per nudger and recipient per such day.
 */
export const nudgeDay = (now: Date, recipientTimeZone: string | null | undefined): string =>
  localDate(now, recipientTimeZone || 'UTC');

/** Why a nudge is refused, or null when it may be sent. */
export type NudgeRefusal = 'self' | 'done' | null;

/** A member can nudge another member who has not completed this week's challenge (never themselves). */
export function nudgeRefusal(nudger: string, recipient: string, recipientDoneThisWeek: boolean): NudgeRefusal {
  if (nudger === recipient) return 'self';
  if (recipientDoneThisWeek) return 'done';
  return null;
}

/** What the recipient reads: "Maya nudged you". */
export const nudgeSentence = (nudgerName: string): string => `${nudgerName} nudged you`;
