import { useEffect, useRef } from 'react';

/**
 * The browser events of spec §7.3. The shell and every remote run in one page but carry their own
 * copies of most code (only React, the router and the session store are shared), so changes that
 * other parts of the page show — XP, to-dos, swipes, streaks — travel as DOM events on `window`.
 * Names are the spec's, unprefixed, so any bundle can listen without importing this file.
 */
export interface AppEventDetails {
  /** XP changed on the server (an award); carries the new totals when the sender knows them. */
  'xp-updated': { totalXP?: number; level?: number; xpAwarded?: number };
  /** A to-do was added, completed or removed. */
  'todo-updated': { todoId?: string; change?: 'added' | 'completed' | 'deleted' };
  /** A weekly challenge was completed. */
  'weekly-completed': { weeklyChallengeId?: string };
  /** Any challenge was completed (to-do or weekly). */
  'challenge-completed': { todoId?: string; weeklyChallengeId?: string };
  'streak-updated': { streak?: number };
  'pod-streak-updated': { podId?: string; streak?: number };
  /** A swipe or skip was counted (the limits changed). */
  'swipe-updated': { bucket?: 'daily' | 'weekend'; action?: 'accept' | 'skip' };
  /** The user's incoming friend requests changed (answered, or one ended by a block): the Connect badge re-reads. */
  'friend-requests-updated': Record<string, never>;
}

export type AppEventName = keyof AppEventDetails;

export const APP_EVENT_NAMES: readonly AppEventName[] = [
  'xp-updated',
  'todo-updated',
  'weekly-completed',
  'challenge-completed',
  'streak-updated',
  'pod-streak-updated',
  'swipe-updated',
  'friend-requests-updated',
];

export function dispatchAppEvent<N extends AppEventName>(name: N, detail: AppEventDetails[N] = {}): void {
  window.dispatchEvent(new CustomEvent<AppEventDetails[N]>(name, { detail }));
}

/** Subscribes for the component's lifetime; the latest `handler` is always the one called. */
export function useAppEvent<N extends AppEventName>(name: N, handler: (detail: AppEventDetails[N]) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener = (event: Event) =>
      latest.current(((event as CustomEvent<AppEventDetails[N]>).detail ?? {}) as AppEventDetails[N]);
    window.addEventListener(name, listener);
    return () => window.removeEventListener(name, listener);
  }, [name]);
}
