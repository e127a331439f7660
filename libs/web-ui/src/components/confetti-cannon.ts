import type confetti from 'canvas-confetti';

let cannon: Promise<confetti.CreateTypes> | undefined;

/**
 * The one confetti cannon of the page (canvas-confetti, loaded when first used). Not the library's
 * default instance: that one draws in a Worker made from a `blob:` URL, which the app's
 * Content-Security-Policy refuses (no `worker-src`, so `script-src 'self'` applies) — every burst
 * logged a violation and drew nothing. This one draws on the main thread, on a canvas of its own
 * over the page, so the policy stays as strict as it is (decision 0039).
 */
export function loadConfettiCannon(): Promise<confetti.CreateTypes> {
  cannon ??= import('canvas-confetti').then(
    ({ default: lib }) => lib.create(undefined, { resize: true, useWorker: false, disableForReducedMotion: true }),
    (error: unknown) => {
      cannon = undefined; // a failed chunk load is tried again by the next burst
      throw error;
    },
  );
  return cannon;
}
