import { describe, expect, it } from 'vitest';
import { CHAT_RATE_LIMIT, chatRateLimitText, chatRetryAfterSeconds } from './chat-rate-limit';

describe('the chat rate limit', () => {
  const now = new Date('2026-11-26T12:00:10.000Z');

  it('is 20 messages in 10 s', () => {
    expect(CHAT_RATE_LIMIT).toEqual({ max: 20, windowMs: 10_000 });
    expect(chatRateLimitText()).toBe('20 per 10 s');
  });

  it('lets a sender under the limit send', () => {
    expect(
      chatRetryAfterSeconds(CHAT_RATE_LIMIT, { count: 19, oldest: new Date(now.getTime() - 9_000), now }),
    ).toBeNull();
  });

  it('tells a sender at the limit the whole seconds until the oldest message leaves the window, at least 1', () => {
    expect(chatRetryAfterSeconds(CHAT_RATE_LIMIT, { count: 20, oldest: new Date(now.getTime() - 2_500), now })).toBe(8);
    expect(chatRetryAfterSeconds(CHAT_RATE_LIMIT, { count: 25, oldest: new Date(now.getTime() - 9_999), now })).toBe(1);
    expect(chatRetryAfterSeconds({ max: 2, windowMs: 60_000 }, { count: 2, oldest: null, now })).toBe(60);
  });
});
