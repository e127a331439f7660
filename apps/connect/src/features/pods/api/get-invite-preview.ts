import { useQuery } from '@vere/web-query';
import type { InvitePreview } from '@vere/contracts';
import { apiFetch, queryRetry } from '@vere/web-session';
import { keys } from '../../../shared/utils/query-keys';

/** The pod an invite code leads to, before joining (410 expired, 404 unknown). */
export function getInvitePreview(code: string, signal?: AbortSignal): Promise<InvitePreview> {
  return apiFetch<InvitePreview>(`/api/pods/invites/${encodeURIComponent(code)}`, { signal });
}

export function invitePreviewQueryOptions(code: string) {
  return {
    queryKey: keys.invite(code),
    queryFn: ({ signal }: { signal: AbortSignal }) => getInvitePreview(code, signal),
    ...queryRetry(),
  };
}

export function useInvitePreview(code: string) {
  return useQuery(invitePreviewQueryOptions(code));
}
