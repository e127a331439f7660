import { useEffect, useRef } from 'react';

/** Timers fire at least this long after they are set (spec: the midnight timer waits 1 s at least). */
export const MIN_TIMER_MS = 1_000;
/** setTimeout's largest delay; a later instant is re-armed when the timer wakes up. */
const MAX_TIMER_MS = 2_147_483_647;

/** The next wait towards `at` from `now`: at least 1 s; a far instant takes several waits. */
export function timerStep(at: string, now: number): { wait: number; final: boolean } {
  const left = Date.parse(at) - now;
  if (left > MAX_TIMER_MS) return { wait: MAX_TIMER_MS, final: false };
  return { wait: Math.max(MIN_TIMER_MS, left), final: true };
}

/**
 * Calls `onTime` once the wall clock reaches `at` (ISO 8601), e.g. the local midnight the server
 * says the limits reset at, or the weekend window's opening; nothing when `at` is null.
 */
export function useTimerAt(at: string | null | undefined, onTime: () => void): void {
  const latest = useRef(onTime);
  latest.current = onTime;
  useEffect(() => {
    if (!at || Number.isNaN(Date.parse(at))) return undefined;
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      const { wait, final } = timerStep(at, Date.now());
      timer = setTimeout(final ? () => latest.current() : arm, wait);
    };
    arm();
    return () => clearTimeout(timer);
  }, [at]);
}
