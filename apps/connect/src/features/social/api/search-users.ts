import { useInfiniteQuery } from '@vere/web-query';
import type { UserSearchResult } from '@vere/contracts';
import { apiFetch, queryRetry } from '@vere/web-session';
import { keys } from '../../../shared/utils/query-keys';

export function searchPath(q: string, cursor?: string | null, limit = 20): string {
  const params = new URLSearchParams({ q, limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return `/api/pods/users/search?${params.toString()}`;
}

/** The server's rule for `q`: 1–20 of [A-Za-z0-9_], an optional leading @. */
export function isSearchable(q: string): boolean {
  return /^@?[A-Za-z0-9_]{1,20}$/.test(q);
}

export function searchUsers(q: string, cursor: string | null, signal?: AbortSignal): Promise<UserSearchResult> {
  return apiFetch<UserSearchResult>(searchPath(q, cursor), { signal });
}

/** Username prefix search, paged; disabled until the query is a valid prefix. */
export function useUserSearch(q: string) {
  return useInfiniteQuery({
    queryKey: keys.search(q),
    enabled: isSearchable(q),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => searchUsers(q, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 5_000,
    ...queryRetry(),
  });
}
