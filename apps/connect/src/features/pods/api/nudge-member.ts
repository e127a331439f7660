import type { PodNudge } from '@vere/contracts';
import { useMutation } from '@vere/web-query';
import { apiFetch } from '@vere/web-session';
import { useInvalidate } from '../../../shared/hooks/use-invalidate';
import { keys } from '../../../shared/utils/query-keys';
import { podPath } from './get-pod';

export function nudgeMember(podId: string, userId: string): Promise<PodNudge> {
  return apiFetch<PodNudge>(`${podPath(podId)}/members/${encodeURIComponent(userId)}/nudge`, { method: 'POST' });
}

export function useNudgeMember(podId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (userId: string) => nudgeMember(podId, userId),
    onSettled: () => invalidate(keys.pod(podId)),
  });
}
