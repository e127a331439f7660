import { describe, expect, it, vi } from 'vitest';
import { routeForNotification } from './notifications';
import { BACKGROUND_TASK_MS, SPLASH_EXIT_MS, isNativePlatform, removeServiceWorkers, startUp } from './startup';
import { isChallengesPath } from './features/guided/utils/tours';

vi.mock('@vere/web-session', () => ({ reportClientError: vi.fn() }));

function manualTimers() {
  const timers: Array<{ fn: () => void; ms: number }> = [];
  return { timers, setTimer: (fn: () => void, ms: number) => timers.push({ fn, ms }) };
}

describe('start-up', () => {
  it('reveals the app 500 ms after initialisation and runs the background task 2 s after', async () => {
    const { timers, setTimer } = manualTimers();
    const reveal = vi.fn();
    const background = vi.fn(async () => undefined);
    const failed = await startUp({
      tasks: [{ name: 'session', run: async () => undefined }],
      background: { name: 'warm', run: background },
      reveal,
      setTimer,
    });
    expect(failed).toEqual([]);
    expect(timers.map((t) => t.ms)).toEqual([SPLASH_EXIT_MS, BACKGROUND_TASK_MS]);
    expect(reveal).not.toHaveBeenCalled();
    timers[0]!.fn();
    expect(reveal).toHaveBeenCalledOnce();
    timers[1]!.fn();
    expect(background).toHaveBeenCalledOnce();
  });

  it('shows the app anyway when a task fails, but reports every failure', async () => {
    const { timers, setTimer } = manualTimers();
    const report = vi.fn();
    const reveal = vi.fn();
    const failed = await startUp({
      tasks: [
        {
          name: 'session',
          run: async () => {
            throw new Error('offline');
          },
        },
        { name: 'remotes', run: async () => undefined },
        { name: 'service-workers', run: () => Promise.reject(new Error('denied')) },
      ],
      background: { name: 'warm', run: () => Promise.reject(new Error('remote down')) },
      reveal,
      report,
      setTimer,
    });
    expect(failed).toEqual(['session', 'service-workers']);
    expect(report.mock.calls.map(([task, error]) => `${task}: ${(error as Error).message}`)).toEqual([
      'session: offline',
      'service-workers: denied',
    ]);
    timers.forEach((t) => t.fn());
    expect(reveal).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(report).toHaveBeenCalledWith('warm', expect.any(Error)));
  });

  it('removes every registered service worker and knows the native wrapper', async () => {
    const unregister = vi.fn(async () => true);
    const container = {
      getRegistrations: async () => [{ unregister }, { unregister }] as unknown as ServiceWorkerRegistration[],
    };
    expect(await removeServiceWorkers(container)).toBe(2);
    expect(unregister).toHaveBeenCalledTimes(2);
    expect(await removeServiceWorkers(null)).toBe(0);
    expect(isNativePlatform({ Capacitor: { isNativePlatform: () => true } })).toBe(true);
    expect(isNativePlatform({ Capacitor: { isNativePlatform: () => false } })).toBe(false);
    expect(isNativePlatform({})).toBe(false);
  });
});

describe('notification taps', () => {
  it('open the page of the notification type (spec §2)', () => {
    expect(routeForNotification({ type: 'challenge' })).toBe('/challenges');
    expect(routeForNotification({ type: 'pod', podId: 'p1' })).toBe('/pods');
    expect(routeForNotification({ type: 'marketing' })).toBeNull();
    expect(routeForNotification(null)).toBeNull();
    expect(routeForNotification('challenge')).toBeNull();
  });

  it('opens the in-app route a push names (a pod activity: the pod page), never another origin', () => {
    expect(routeForNotification({ type: 'pod', route: '/pods/p1' })).toBe('/pods/p1');
    expect(routeForNotification({ type: 'friend', route: '/connect' })).toBe('/connect');
    expect(routeForNotification({ type: 'pod', route: '//evil.example/x' })).toBe('/pods');
    expect(routeForNotification({ type: 'challenge', route: 'https://evil.example' })).toBe('/challenges');
    expect(routeForNotification({ type: 'pod', route: '/\\evil.example' })).toBe('/pods');
  });
});

describe('challenge page paths for its tour', () => {
  it.each(['/challenges', '/weekly', '/challenges/abc', '/weekly/'])('%s is the weekly challenge page', (p) =>
    expect(isChallengesPath(p)).toBe(true),
  );
  it.each(['/', '/challengesx', '/challenges/a/b', '/pro/challenges'])('%s is not', (p) =>
    expect(isChallengesPath(p)).toBe(false),
  );
});
