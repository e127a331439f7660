/**
 * The page's first screen, as the shell decides it (apps/shell first-screen.ts: the area on screen
 * loaded, the API quiet, an idle moment). This package is a federation singleton, so the shell and
 * every remote see the same moment: what the user cannot see yet (a section below the fold) waits
 * for it instead of competing with what they can (issue 28).
 */
let markDone: () => void = () => undefined;
let isDone = false;
const done = new Promise<void>((resolve) => {
  markDone = resolve;
});

/** The shell calls this once its first screen is done. */
export function firstScreenDone(): void {
  isDone = true;
  markDone();
}

/** Whether the shell has said so already. */
export function isFirstScreenDone(): boolean {
  return isDone;
}

/**
 * Resolves when the shell says its first screen is done, or after `atMostMs` (a remote running on
 * its own in development has no shell to say so).
 */
export function afterFirstScreen(atMostMs = 10_000): Promise<void> {
  if (isDone) return done;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const giveUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, atMostMs);
  });
  return Promise.race([done, giveUp]).finally(() => clearTimeout(timer));
}
