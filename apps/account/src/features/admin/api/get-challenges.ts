import { useQuery } from '@vere/web-query';
import type { ChallengeList } from '@vere/contracts';
import { apiFetch, queryRetry } from '@vere/web-session';

export const challengesQueryKey = ['quests', 'admin', 'challenges'] as const;

/** The whole catalogue, retired challenges included (admins only; quests checks the role). */
export function getChallenges(signal?: AbortSignal): Promise<ChallengeList> {
  return apiFetch<ChallengeList>('/api/quests/admin/challenges?includeInactive=true', { signal });
}

export function challengesQueryOptions() {
  return {
    queryKey: challengesQueryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => getChallenges(signal),
    ...queryRetry(),
  };
}

export function useChallenges() {
  return useQuery(challengesQueryOptions());
}
