import { firstScreenDone, whenApiQuiet } from '@vere/web-session';
import { firstAreaSettled } from './remote-registry';

/** A page outside the areas (/test, a signed-in user on /auth…) never settles firstAreaSettled. */
const AT_MOST_MS = 10_000;

let settled: Promise<void> | null = null;

/**
 * Resolves once the first screen is done: the area on screen has loaded and the API calls have
 * settled (no call in flight for 500 ms), then an idle moment; at most AT_MOST_MS after the first
 * call. What must not compete with the first screen waits for it: the warm-up (on a slow phone the
 * 2 s timer fires before the home has its remote and data), the push explainer's code, and in the
 * remotes what is below the fold (web-session's afterFirstScreen, told here). Marks the moment as
 * `vere:first-screen` (bench/first-visit-bytes.mjs counts the requests before it).
 */
export function afterFirstScreen(): Promise<void> {
  settled ??= (async () => {
    const quiet = firstAreaSettled.then(() => whenApiQuiet(500));
    await Promise.race([quiet, new Promise((resolve) => setTimeout(resolve, AT_MOST_MS))]);
    await new Promise<void>((resolve) => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2_000 });
      else setTimeout(resolve, 0);
    });
    performance.mark('vere:first-screen');
    firstScreenDone();
  })();
  return settled;
}
