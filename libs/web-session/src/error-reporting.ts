import type { ClientErrorReport } from '@vere/contracts';

export const CLIENT_ERRORS_ENDPOINT = '/api/identity/client-errors';
/** A page that fails in a loop must not flood the service: this many reports per page load at most. */
export const MAX_REPORTS_PER_PAGE = 10;

const sent = new Set<string>();

/** Sends one report (deduplicated, capped, never throwing: reporting must not cause errors itself). */
export function reportClientError(report: Omit<ClientErrorReport, 'path'>, send: typeof fetch = fetch): void {
  const key = `${report.kind}:${report.message}`;
  if (sent.has(key) || sent.size >= MAX_REPORTS_PER_PAGE) return;
  sent.add(key);
  const body: ClientErrorReport = {
    ...report,
    message: report.message.slice(0, 1000),
    ...(report.stack ? { stack: report.stack.slice(0, 8000) } : {}),
    path: window.location.pathname.slice(0, 500),
  };
  try {
    void send(CLIENT_ERRORS_ENDPOINT, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Nothing more to do: the console already has it.
  }
}

const describeError = (value: unknown) =>
  value instanceof Error ? { message: value.message || value.name, stack: value.stack } : { message: String(value) };

/**
 * Global handlers (spec §8 had them do nothing): every uncaught error and unhandled rejection is
 * logged to the console and reported to the service log.
 */
export function installErrorReporting(source: string): () => void {
  const onError = (event: ErrorEvent) => {
    console.error(`[${source}] uncaught error`, event.error ?? event.message);
    reportClientError({ kind: 'error', source, ...describeError(event.error ?? event.message) });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    console.error(`[${source}] unhandled rejection`, event.reason);
    reportClientError({ kind: 'unhandledrejection', source, ...describeError(event.reason) });
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
