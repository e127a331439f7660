import { useEffect, useRef } from 'react';

/** Timers fire at least this long after they are set (spec: the midnight timer waits 1 s at least). */
export const MIN_TIMER_MS = 1_000;
/** setTimeout's largest delay; a later instant is re-armed when the timer wakes up. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Calls `onTime` once the wall clock reaches `at` (ISO 8601), e.g. the local midnight the server
 * says the limits reset at, or the weekend window's opening; nothing when `at` is null.
 */
export function useTimerAt(at: string | null | undefined, onTime: () => void): void {
  const latest = useRef(onTime);
  latest.current = onTime;
  useEffect(() => {
    if (!at) return undefined;
    const target = Date.parse(at);
    if (Number.isNaN(target)) return undefined;
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      const wait = target - Date.now();
      if (wait > MAX_TIMER_MS) timer = setTimeout(arm, MAX_TIMER_MS);
      else timer = setTimeout(() => latest.current(), Math.max(MIN_TIMER_MS, wait));
    };
    arm();
    return () => clearTimeout(timer);
  }, [at]);
}
