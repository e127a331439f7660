import { useMutation, useQueryClient } from '@vere/web-query';
import type { Challenge } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';
import { challengesQueryKey } from './get-challenges';

/** Deactivates a challenge: it leaves the rotation, its history stays. */
export function retireChallenge(id: string): Promise<Challenge> {
  return apiFetch<Challenge>(`/api/quests/admin/challenges/${id}`, { method: 'DELETE' });
}

export function useRetireChallenge(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => retireChallenge(id),
    onSuccess: () => void client.invalidateQueries({ queryKey: challengesQueryKey }),
  });
}
