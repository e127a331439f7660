import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@vere/web-query';
import type {
  BlockList, FriendList, FriendRequestList, FriendshipState, InvitePreview, JoinResult, PodAllowance, PodDetail,
  PodInvite, PodLogPage, ReportBody, ReportCreated, UserSearchResult,
} from '@vere/contracts';
import { apiFetch, isApiError } from '@vere/web-session';
import { myPodsQueryKey, myPodsRetryDelay, shouldRetryMyPods } from '../pods/api/get-my-pods';

export const PODS_API = '/api/pods';
const enc = encodeURIComponent;

export const keys = {
  friends: ['pods', 'friends'] as const,
  requests: ['pods', 'friends', 'requests'] as const,
  blocks: ['pods', 'blocks'] as const,
  allowance: ['pods', 'me', 'allowance'] as const,
  search: (q: string) => ['pods', 'search', q] as const,
  pod: (podId: string) => ['pods', 'pod', podId] as const,
  podLog: (podId: string) => ['pods', 'pod', podId, 'log'] as const,
  invite: (code: string) => ['pods', 'invite', code] as const,
};

const retry = { retry: shouldRetryMyPods, retryDelay: myPodsRetryDelay };

/* ---------- reads ---------- */

export function searchPath(q: string, cursor?: string | null, limit = 20): string {
  const params = new URLSearchParams({ q, limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return `${PODS_API}/users/search?${params.toString()}`;
}

export function useFriends() {
  return useQuery({ queryKey: keys.friends, queryFn: ({ signal }) => apiFetch<FriendList>(`${PODS_API}/friends`, { signal }), ...retry });
}
export function useFriendRequests() {
  return useQuery({
    queryKey: keys.requests,
    queryFn: ({ signal }) => apiFetch<FriendRequestList>(`${PODS_API}/friends/requests`, { signal }),
    ...retry,
  });
}
export function useBlocks() {
  return useQuery({ queryKey: keys.blocks, queryFn: ({ signal }) => apiFetch<BlockList>(`${PODS_API}/blocks`, { signal }), ...retry });
}
export function useAllowance() {
  return useQuery({ queryKey: keys.allowance, queryFn: ({ signal }) => apiFetch<PodAllowance>(`${PODS_API}/me/allowance`, { signal }), ...retry });
}

/** Username prefix search, paged; disabled until the query is a valid prefix. */
export function useUserSearch(q: string) {
  return useInfiniteQuery({
    queryKey: keys.search(q),
    enabled: isSearchable(q),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => apiFetch<UserSearchResult>(searchPath(q, pageParam), { signal }),
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 5_000,
    ...retry,
  });
}

/** The server's rule for `q`: 1–20 of [A-Za-z0-9_], an optional leading @. */
export function isSearchable(q: string): boolean {
  return /^@?[A-Za-z0-9_]{1,20}$/.test(q);
}

export function usePod(podId: string) {
  return useQuery({
    queryKey: keys.pod(podId),
    queryFn: ({ signal }) => apiFetch<PodDetail>(`${PODS_API}/pods/${enc(podId)}`, { signal }),
    ...retry,
  });
}

/** Older log pages after the first one PodDetail carries. */
export function usePodLogMore(podId: string, firstCursor: string | null | undefined) {
  return useInfiniteQuery({
    queryKey: [...keys.podLog(podId), firstCursor ?? ''],
    enabled: false,
    initialPageParam: firstCursor ?? null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<PodLogPage>(`${PODS_API}/pods/${enc(podId)}/log?${new URLSearchParams(pageParam ? { cursor: pageParam } : {}).toString()}`, { signal }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useInvitePreview(code: string) {
  return useQuery({
    queryKey: keys.invite(code),
    queryFn: ({ signal }) => apiFetch<InvitePreview>(`${PODS_API}/invites/${enc(code)}`, { signal }),
    ...retry,
  });
}

/* ---------- writes ---------- */

function useInvalidate() {
  const client = useQueryClient();
  return (...queryKeys: ReadonlyArray<readonly unknown[]>) =>
    Promise.all(queryKeys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

const social = [keys.friends, keys.requests, ['pods', 'search'] as const];

export function useFriendActions() {
  const invalidate = useInvalidate();
  const after = { onSettled: () => invalidate(...social) };
  return {
    send: useMutation({
      mutationFn: (userId: string) => apiFetch<FriendshipState>(`${PODS_API}/friends/requests`, { method: 'POST', json: { userId } }),
      ...after,
    }),
    cancel: useMutation({ mutationFn: (userId: string) => apiFetch<void>(`${PODS_API}/friends/requests/${enc(userId)}`, { method: 'DELETE' }), ...after }),
    accept: useMutation({
      mutationFn: (userId: string) => apiFetch<void>(`${PODS_API}/friends/requests/${enc(userId)}/accept`, { method: 'POST' }),
      ...after,
    }),
    decline: useMutation({
      mutationFn: (userId: string) => apiFetch<void>(`${PODS_API}/friends/requests/${enc(userId)}/decline`, { method: 'POST' }),
      ...after,
    }),
    remove: useMutation({ mutationFn: (userId: string) => apiFetch<void>(`${PODS_API}/friends/${enc(userId)}`, { method: 'DELETE' }), ...after }),
    block: useMutation({
      mutationFn: (userId: string) => apiFetch<void>(`${PODS_API}/blocks/${enc(userId)}`, { method: 'PUT' }),
      onSettled: () => invalidate(...social, keys.blocks),
    }),
    unblock: useMutation({
      mutationFn: (userId: string) => apiFetch<void>(`${PODS_API}/blocks/${enc(userId)}`, { method: 'DELETE' }),
      onSettled: () => invalidate(...social, keys.blocks),
    }),
  };
}

export function useReport() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ReportBody) => apiFetch<ReportCreated>(`${PODS_API}/reports`, { method: 'POST', json: body }),
    onSettled: () => invalidate(...social, ['pods', 'pod']),
  });
}

export function useCreatePod() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { name: string; description?: string }) => apiFetch<PodDetail>(`${PODS_API}/pods`, { method: 'POST', json: body }),
    onSettled: () => invalidate(myPodsQueryKey, keys.allowance),
  });
}

export function useJoinPod(code: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => apiFetch<JoinResult>(`${PODS_API}/invites/${enc(code)}/join`, { method: 'POST' }),
    onSettled: () => invalidate(myPodsQueryKey, keys.invite(code), ['pods', 'pod']),
  });
}

export function usePodActions(podId: string) {
  const invalidate = useInvalidate();
  const base = `${PODS_API}/pods/${enc(podId)}`;
  const refresh = { onSettled: () => invalidate(keys.pod(podId), myPodsQueryKey) };
  return {
    rename: useMutation({
      mutationFn: (body: { name?: string; description?: string | null }) => apiFetch<PodDetail>(base, { method: 'PATCH', json: body }),
      ...refresh,
    }),
    remove: useMutation({ mutationFn: () => apiFetch<void>(base, { method: 'DELETE' }), onSettled: () => invalidate(myPodsQueryKey, keys.allowance) }),
    leave: useMutation({ mutationFn: () => apiFetch<void>(`${base}/leave`, { method: 'POST' }), onSettled: () => invalidate(myPodsQueryKey) }),
    removeMember: useMutation({ mutationFn: (userId: string) => apiFetch<void>(`${base}/members/${enc(userId)}`, { method: 'DELETE' }), ...refresh }),
    createInvite: useMutation({
      mutationFn: (expiresInHours?: number) =>
        apiFetch<PodInvite>(`${base}/invites`, { method: 'POST', json: expiresInHours ? { expiresInHours } : {} }),
      ...refresh,
    }),
    rotateInvite: useMutation({ mutationFn: () => apiFetch<PodInvite>(`${base}/invites/rotate`, { method: 'POST', json: {} }), ...refresh }),
    revokeInvite: useMutation({ mutationFn: (code: string) => apiFetch<void>(`${base}/invites/${enc(code)}`, { method: 'DELETE' }), ...refresh }),
  };
}

/* ---------- errors ---------- */

export function errorCode(error: unknown): string | null {
  return isApiError(error) ? error.code : null;
}

const MESSAGES: Record<string, string> = {
  POD_CREATION_LIMIT_REACHED: "You've reached your pod limit.",
  POD_FULL: 'This pod is full.',
  INVITE_EXPIRED: 'This invite link has expired.',
  INVITE_NOT_FOUND: "This invite link doesn't work any more.",
  POD_NOT_FOUND: "This pod doesn't exist or you're not a member of it.",
  POD_CREATOR_CANNOT_LEAVE: "The pod's creator can't leave it; delete the pod instead.",
  USER_NOT_FOUND: "We couldn't find that user.",
  USER_BLOCKED: "You've blocked this user. Unblock them first.",
  ALREADY_FRIENDS: "You're already friends.",
  FRIEND_REQUEST_NOT_FOUND: 'That request is no longer there.',
  FRIEND_NOT_FOUND: "You're not friends any more.",
  CANNOT_TARGET_SELF: "You can't do that to yourself.",
  REPORT_TARGET_NOT_FOUND: "That's no longer there to report.",
  FORBIDDEN: 'Only the pod creator can do that.',
  VALIDATION_FAILED: 'Please check what you entered.',
  NETWORK_ERROR: 'Could not reach the server. Check your connection and try again.',
};

export function errorMessage(error: unknown): string {
  if (isApiError(error)) return MESSAGES[error.code] ?? error.message;
  return 'Something went wrong. Please try again.';
}
