import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX_LENGTH, chatMessageLength, normalizeChatMessage, validateChatMessage } from './chat';

describe('chat message rule', () => {
  it('accepts 1 to 1000 characters after trimming, newlines included', () => {
    expect(validateChatMessage('hi').ok).toBe(true);
    expect(validateChatMessage('line one\nline two\r\nthree').ok).toBe(true);
    expect(validateChatMessage(`  ${'x'.repeat(CHAT_MESSAGE_MAX_LENGTH)}  `).ok).toBe(true);
    expect(validateChatMessage('x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1)).ok).toBe(false);
    expect(validateChatMessage('   \n ').ok).toBe(false);
  });
  it('counts an emoji as one character', () => {
    expect(chatMessageLength(' 👋🏽 ')).toBe(2);
    expect(validateChatMessage('👋'.repeat(CHAT_MESSAGE_MAX_LENGTH)).ok).toBe(true);
  });
  it('refuses control characters, NUL and bidi overrides', () => {
    for (const bad of ['a\u0000b', 'a\u0007b', 'tab\there', 'a\u202eb', 'a\ud800b'])
      expect(validateChatMessage(bad).ok, JSON.stringify(bad)).toBe(false);
  });
  it('stores trimmed text with \\n line endings', () => {
    expect(normalizeChatMessage('  a\r\nb\rc  ')).toBe('a\nb\nc');
  });
});
