import { reportClientError } from '@vere/web-session';

/** Spec §9: the app appears about 500 ms after initialisation; a background task runs about 2 s after. */
export const SPLASH_EXIT_MS = 500;
export const BACKGROUND_TASK_MS = 2_000;

export { isNativePlatform } from './features/native/utils/platform';

/** Spec §4: inside the native wrapper, service workers a web visit registered are removed. */
export async function removeServiceWorkers(
  container: Pick<ServiceWorkerContainer, 'getRegistrations'> | null = typeof navigator === 'undefined'
    ? null
    : (navigator.serviceWorker ?? null),
): Promise<number> {
  if (!container) return 0;
  const registrations = await container.getRegistrations();
  const removed = await Promise.all(registrations.map((r) => r.unregister()));
  return removed.filter(Boolean).length;
}

export interface StartupTask {
  name: string;
  run(): Promise<unknown>;
}

export interface StartupOptions {
  tasks: StartupTask[];
  /** Runs BACKGROUND_TASK_MS after initialisation, whatever its outcome. */
  background?: StartupTask;
  /** Shows the app (takes the splash away). */
  reveal(): void;
  report?: (task: string, error: unknown) => void;
  delays?: { revealMs?: number; backgroundMs?: number };
  setTimer?: (fn: () => void, ms: number) => unknown;
}

function defaultReport(task: string, error: unknown): void {
  console.error(`[shell] start-up task "${task}" failed`, error);
  const message = error instanceof Error ? error.message || error.name : String(error);
  reportClientError({
    kind: 'error',
    source: 'shell',
    message: `start-up ${task}: ${message}`,
    stack: error instanceof Error ? error.stack : undefined,
  });
}

/**
 * Runs the start-up tasks side by side. The app is revealed ~500 ms after they settle, and also
 * when some failed (the app works without them), but a failure is never swallowed: each one is
 * logged and reported. Resolves the names of the tasks that failed.
 */
export async function startUp(opts: StartupOptions): Promise<string[]> {
  const report = opts.report ?? defaultReport;
  const setTimer = opts.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const outcomes = await Promise.allSettled(opts.tasks.map((task) => task.run()));
  const failed: string[] = [];
  outcomes.forEach((outcome, i) => {
    if (outcome.status === 'rejected') {
      const name = opts.tasks[i]!.name;
      failed.push(name);
      report(name, outcome.reason);
    }
  });
  setTimer(opts.reveal, opts.delays?.revealMs ?? SPLASH_EXIT_MS);
  const { background } = opts;
  if (background) {
    setTimer(() => {
      background.run().catch((error: unknown) => report(background.name, error));
    }, opts.delays?.backgroundMs ?? BACKGROUND_TASK_MS);
  }
  return failed;
}
