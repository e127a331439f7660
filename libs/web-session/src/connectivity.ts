import { NETWORK_ERROR, TIMEOUT, isApiError } from './api-error';

/**
 * Whether the app can reach Vere: `offline` when the browser says it has no network, `unreachable`
 * when it says it has one but a call got no answer at all (a captive portal, a dropped Wi-Fi).
 * One store for the shell and every remote (this module is a shared singleton): the shell's banner
 * reads it, action errors word themselves by it, and areas that failed to load retry on `online`.
 */
export type Connectivity = 'online' | 'offline' | 'unreachable';

export const OFFLINE_ACTION_MESSAGE = "You're offline — try again when you're back online.";

type Listener = (state: Connectivity) => void;

interface NetworkEvents {
  readonly navigator?: { onLine?: boolean };
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
}

export interface ConnectivityStore {
  get(): Connectivity;
  subscribe(listener: Listener): () => void;
  /** A call got no answer (NETWORK_ERROR). */
  reportUnreachable(): void;
  /** A call got an answer, whatever its status: the server is reachable. */
  reportReachable(): void;
}

export function createConnectivity(target: NetworkEvents | null): ConnectivityStore {
  const browserOffline = () => target?.navigator?.onLine === false;
  let state: Connectivity = browserOffline() ? 'offline' : 'online';
  const listeners = new Set<Listener>();
  const set = (next: Connectivity) => {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener(state);
  };
  target?.addEventListener('offline', () => set('offline'));
  target?.addEventListener('online', () => set('online'));
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reportUnreachable: () => set(browserOffline() ? 'offline' : 'unreachable'),
    reportReachable: () => {
      if (!browserOffline()) set('online');
    },
  };
}

export const connectivity = createConnectivity(typeof window === 'undefined' ? null : window);

/** A failure that is the connection's, not the request's: no answer, or no answer in time. */
export function isConnectionError(error: unknown): boolean {
  return isApiError(error) && (error.code === NETWORK_ERROR || error.code === TIMEOUT);
}

/**
 * What a failed action tells the user: that they are offline, when they are and the action got no
 * answer; otherwise `fallback` (the action's own message).
 */
export function actionErrorMessage(
  error: unknown,
  fallback: string,
  current: Connectivity = connectivity.get(),
): string {
  return isConnectionError(error) && current !== 'online' ? OFFLINE_ACTION_MESSAGE : fallback;
}
