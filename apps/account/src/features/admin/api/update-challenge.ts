import { useMutation, useQueryClient } from '@vere/web-query';
import type { Challenge, UpdateChallengeBody } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';
import { challengesQueryKey } from './get-challenges';

/** Edits a challenge, or reactivates a retired one (`{ isActive: true }`). */
export function updateChallenge(id: string, body: UpdateChallengeBody): Promise<Challenge> {
  return apiFetch<Challenge>(`/api/quests/admin/challenges/${id}`, { method: 'PATCH', json: body });
}

export function useUpdateChallenge(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateChallengeBody) => updateChallenge(id, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: challengesQueryKey }),
  });
}
