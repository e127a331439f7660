import type { QueryRetry } from './query-retry';
import { queryRetry } from './query-retry';
import { apiFetch } from './session';

export interface GetQueryOptions<T, K extends readonly unknown[] = readonly unknown[]> extends QueryRetry {
  queryKey: K;
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
}

/**
 * Options for TanStack Query's `useQuery` that GET `path` with the session's `apiFetch` (cancelled
 * with the query's signal) under the house retry policy: `useQuery(getQueryOptions<Limits>(key, path))`
 * infers `Limits`. Spread extra options after it (`enabled`, `staleTime`). Plain data: this package
 * does not import TanStack Query (it is a federation singleton and React Query is not).
 */
export function getQueryOptions<T, K extends readonly unknown[] = readonly unknown[]>(
  queryKey: K,
  path: string,
  retries?: number,
): GetQueryOptions<T, K> {
  return {
    queryKey,
    queryFn: ({ signal }) => apiFetch<T>(path, { signal }),
    ...queryRetry(retries),
  };
}
