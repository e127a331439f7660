import { isPlainText, type FieldVerdict } from './validation';

/** A chat message holds at most this many characters (Unicode code points, after trimming). */
export const CHAT_MESSAGE_MAX_LENGTH = 1000;

/** The composer shows its counter from here on. */
export const CHAT_COUNTER_FROM = 900;

/** Characters as a person counts them (an emoji is one, not two UTF-16 units). */
export const chatMessageLength = (text: string): number => [...text.trim()].length;

/**
 * A chat message is trimmed text of 1 to 1000 characters: newlines are fine, control characters,
 * NUL, bidi overrides and lone surrogates are not. Links stay plain text (nothing fetches them).
 */
export function validateChatMessage(raw: string): FieldVerdict {
  const length = chatMessageLength(raw);
  if (length === 0) return { ok: false, reason: 'Write a message first.' };
  if (length > CHAT_MESSAGE_MAX_LENGTH)
    return { ok: false, reason: `A message has at most ${CHAT_MESSAGE_MAX_LENGTH} characters.` };
  if (!isPlainText(raw.replace(/\r\n?/g, '\n')))
    return { ok: false, reason: 'The message contains characters that are not allowed.' };
  return { ok: true };
}

/** The text as stored: trimmed, line endings as \n. */
export const normalizeChatMessage = (raw: string): string => raw.replace(/\r\n?/g, '\n').trim();
