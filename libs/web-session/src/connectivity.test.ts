import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { OFFLINE_ACTION_MESSAGE, actionErrorMessage, createConnectivity } from './connectivity';
import type { Connectivity } from './connectivity';

function fakeWindow(onLine: boolean) {
  const handlers: Record<string, (() => void)[]> = {};
  const win = {
    navigator: { onLine },
    addEventListener: (type: string, fn: () => void) => void (handlers[type] ??= []).push(fn),
    go(type: 'online' | 'offline') {
      win.navigator.onLine = type === 'online';
      for (const fn of handlers[type] ?? []) fn();
    },
  };
  return win;
}

describe('connectivity', () => {
  it('follows the browser going offline and back, telling subscribers', () => {
    const win = fakeWindow(true);
    const store = createConnectivity(win);
    const seen: Connectivity[] = [];
    store.subscribe((s) => seen.push(s));
    expect(store.get()).toBe('online');
    win.go('offline');
    expect(store.get()).toBe('offline');
    win.go('online');
    expect(seen).toEqual(['offline', 'online']);
  });

  it('starts offline when the page loads without a network', () => {
    expect(createConnectivity(fakeWindow(false)).get()).toBe('offline');
  });

  it('a call without an answer makes it unreachable until a call is answered', () => {
    const store = createConnectivity(fakeWindow(true));
    store.reportUnreachable();
    expect(store.get()).toBe('unreachable');
    store.reportReachable();
    expect(store.get()).toBe('online');
  });

  it('an answer does not hide that the browser is offline', () => {
    const win = fakeWindow(true);
    const store = createConnectivity(win);
    win.go('offline');
    store.reportReachable();
    expect(store.get()).toBe('offline');
  });
});

describe('actionErrorMessage', () => {
  const noAnswer = new ApiError('NETWORK_ERROR', 'Could not reach the server.', 0);
  it('says the user is offline when an action got no answer offline', () => {
    expect(actionErrorMessage(noAnswer, 'Failed to accept challenge. Please try again.', 'offline')).toBe(
      OFFLINE_ACTION_MESSAGE,
    );
    expect(actionErrorMessage(noAnswer, 'Failed', 'unreachable')).toBe(OFFLINE_ACTION_MESSAGE);
  });
  it("keeps the action's message for answers and for online failures", () => {
    expect(actionErrorMessage(new ApiError('POD_FULL', 'full', 409), 'Failed', 'offline')).toBe('Failed');
    expect(actionErrorMessage(noAnswer, 'Failed', 'online')).toBe('Failed');
  });
});
