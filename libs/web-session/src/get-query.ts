import type { QueryRetry } from './query-retry';
import { queryRetry } from './query-retry';
import { pendingRead, recentRead, rememberRead, startRead } from './recent-reads';
import { apiFetch, sessionStore } from './session';

export interface GetQueryOptions<T, K extends readonly unknown[] = readonly unknown[]> extends QueryRetry {
  queryKey: K;
  /** TanStack Query passes its client too: a first read (no data for the key) may share another area's. */
  queryFn: (context: { signal: AbortSignal; client?: { getQueryData(key: K): unknown } }) => Promise<T>;
  /** Another area's answer to the same GET from the last few seconds (recent-reads.ts), if any. */
  initialData: () => T | undefined;
  initialDataUpdatedAt: () => number | undefined;
}

/**
 * Options for TanStack Query's `useQuery` that GET `path` with the session's `apiFetch` (cancelled
 * with the query's signal) under the house retry policy: `useQuery(getQueryOptions<Limits>(key, path))`
 * infers `Limits`. Spread extra options after it (`enabled`, `staleTime`). An area's first read of a
 * path another area read in the last few seconds, or is reading now, starts from that answer
 * (recent-reads.ts). Plain data: this package does not import TanStack Query (it is a federation
 * singleton and React Query is not).
 */
export function getQueryOptions<T, K extends readonly unknown[] = readonly unknown[]>(
  queryKey: K,
  path: string,
  retries?: number,
): GetQueryOptions<T, K> {
  const user = () => sessionStore.getState().user?.id ?? null;
  return {
    queryKey,
    queryFn: async ({ signal, client }) => {
      const who = user();
      // This area's first read, while another area's read of the path is on its way: its answer.
      const shared = client?.getQueryData(queryKey) === undefined ? pendingRead(path, who) : undefined;
      if (shared) {
        try {
          return (await shared) as T;
        } catch {
          // That read failed or was cancelled with its area: this one asks for itself.
        }
      }
      const answer = apiFetch<T>(path, { signal });
      startRead(path, answer, who);
      const data = await answer;
      rememberRead(path, data, who);
      return data;
    },
    // Used by TanStack Query only while this area has nothing for the key (its first read);
    // a refetch or an invalidation always asks the server.
    initialData: () => recentRead(path, user())?.data as T | undefined,
    initialDataUpdatedAt: () => recentRead(path, user())?.at,
    ...queryRetry(retries),
  };
}
