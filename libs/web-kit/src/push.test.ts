import { describe, expect, it } from 'vitest';
import { PUSH_PROMPT_KEY, PUSH_PROMPT_SNOOZE_MS, mayAskForPush, pushSupported, rememberPushAnswer } from './push';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  } as unknown as Storage;
}

describe('asking for push', () => {
  const now = Date.UTC(2026, 10, 26, 12);

  it('may ask once the browser has not been asked, and never after the browser said yes or no', () => {
    const storage = memoryStorage();
    expect(mayAskForPush('default', now, storage)).toBe(true);
    expect(mayAskForPush('denied', now, storage)).toBe(false);
    expect(mayAskForPush('granted', now, storage)).toBe(false);
  });

  it('waits 30 days after "Not now", and does not ask again after "Turn on"', () => {
    const storage = memoryStorage();
    rememberPushAnswer('not-now', now, storage);
    expect(mayAskForPush('default', now + PUSH_PROMPT_SNOOZE_MS - 1, storage)).toBe(false);
    expect(mayAskForPush('default', now + PUSH_PROMPT_SNOOZE_MS, storage)).toBe(true);
    rememberPushAnswer('yes', now, storage);
    expect(mayAskForPush('default', now + 10 * PUSH_PROMPT_SNOOZE_MS, storage)).toBe(false);
  });

  it('treats an unreadable memory as never asked', () => {
    const storage = memoryStorage();
    storage.setItem(PUSH_PROMPT_KEY, '{not json');
    expect(mayAskForPush('default', now, storage)).toBe(true);
  });
});

describe('push support', () => {
  const nav = { serviceWorker: {} } as unknown as Navigator;
  it('needs a service worker, PushManager and Notification, and is off inside the iOS wrapper', () => {
    expect(pushSupported({ PushManager: {}, Notification: {} as never }, nav)).toBe(true);
    expect(pushSupported({ Notification: {} as never }, nav)).toBe(false);
    expect(pushSupported({ PushManager: {}, Notification: {} as never }, {} as Navigator)).toBe(false);
    expect(
      pushSupported({ PushManager: {}, Notification: {} as never, Capacitor: { isNativePlatform: () => true } }, nav),
    ).toBe(false);
  });
});
