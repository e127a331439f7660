import { ApiError, NETWORK_ERROR, TIMEOUT, errorFromResponse } from './api-error';
import { connectivity } from './connectivity';
import { forgetReads } from './recent-reads';

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  /** Serialised as JSON when it is not already a BodyInit. */
  json?: unknown;
  body?: BodyInit | null;
  accessToken?: string | null;
  /** Aborts the call after this many milliseconds with code TIMEOUT. */
  timeoutMs?: number;
}

let inFlight = 0;
let lastActivity = 0;

/**
 * Resolves once no API call (shell or remote: they share this module) has been in flight for
 * `quietMs`. The shell's background warm-up waits for it, so it never competes with the first
 * screen's own data (decision 0020). Callers bound the wait themselves.
 */
export async function whenApiQuiet(
  quietMs = 500,
  sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
): Promise<void> {
  for (;;) {
    const idleFor = inFlight === 0 ? Date.now() - lastActivity : 0;
    if (inFlight === 0 && idleFor >= quietMs) return;
    await sleep(inFlight === 0 ? quietMs - idleFor : quietMs);
  }
}

/** One HTTP round trip: cookies included, JSON in and out, every failure turned into an ApiError. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = (options.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') forgetReads();
  inFlight++;
  lastActivity = Date.now();
  try {
    return await send<T>(path, options);
  } finally {
    inFlight--;
    lastActivity = Date.now();
  }
}

async function send<T>(path: string, options: RequestOptions): Promise<T> {
  const { json, accessToken, timeoutMs, headers: initHeaders, signal: callerSignal, ...init } = options;
  const headers = new Headers(initHeaders);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  let body = init.body;
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  }
  const signal = combineSignals(callerSignal ?? undefined, timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined);

  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      body,
      headers,
      credentials: 'include',
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'TimeoutError') {
      throw new ApiError(TIMEOUT, 'The request took too long. Please try again.', 0);
    }
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    connectivity.reportUnreachable();
    throw new ApiError(NETWORK_ERROR, 'Could not reach the server. Check your connection and try again.', 0);
  }

  connectivity.reportReachable();
  if (!response.ok) throw await errorFromResponse(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

function combineSignals(a?: AbortSignal, b?: AbortSignal): AbortSignal | undefined {
  if (!a || !b) return a ?? b;
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([a, b]);
  const controller = new AbortController();
  const forward = (source: AbortSignal) => () => controller.abort(source.reason);
  a.addEventListener('abort', forward(a), { once: true });
  b.addEventListener('abort', forward(b), { once: true });
  return controller.signal;
}
