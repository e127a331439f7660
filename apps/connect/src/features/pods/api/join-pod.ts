import { useMutation } from '@vere/web-query';
import type { JoinResult } from '@vere/contracts';
import { myPodsQueryKey } from '@vere/web-kit';
import { apiFetch } from '@vere/web-session';
import { useInvalidate } from '../../../shared/hooks/use-invalidate';
import { keys } from '../../../shared/utils/query-keys';

export function joinPod(code: string): Promise<JoinResult> {
  return apiFetch<JoinResult>(`/api/pods/invites/${encodeURIComponent(code)}/join`, { method: 'POST' });
}

export function useJoinPod(code: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => joinPod(code),
    onSettled: () => invalidate(myPodsQueryKey, keys.invite(code), keys.pods),
  });
}
