import { request } from './http';
import type { RequestOptions } from './http';
import type { SessionStore } from './session-store';

export type ApiFetchInit = Omit<RequestOptions, 'accessToken'>;
export type ApiFetch = <T>(path: string, init?: ApiFetchInit) => Promise<T>;

/** Authenticated calls: bearer from the session, one refresh-and-retry on 401, errors as ApiError. */
export function createApiClient(store: SessionStore): ApiFetch {
  return async function apiFetch<T>(path: string, init: ApiFetchInit = {}): Promise<T> {
    const tokenUsed = store.getState().accessToken;
    try {
      return await request<T>(path, { ...init, accessToken: tokenUsed });
    } catch (error) {
      if (!isUnauthorized(error)) throw error;
      // Another call may already have rotated the token while this one was in flight.
      const current = store.getState().accessToken;
      const renewed = current && current !== tokenUsed ? true : await store.getState().refresh();
      if (!renewed) throw error;
      return request<T>(path, { ...init, accessToken: store.getState().accessToken });
    }
  };
}

function isUnauthorized(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 401;
}
