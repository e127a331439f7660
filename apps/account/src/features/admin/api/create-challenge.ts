import { useMutation, useQueryClient } from '@vere/web-query';
import type { Challenge, CreateChallengeBody } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';
import { challengesQueryKey } from './get-challenges';

export function createChallenge(body: CreateChallengeBody): Promise<Challenge> {
  return apiFetch<Challenge>('/api/quests/admin/challenges', { method: 'POST', json: body });
}

export function useCreateChallenge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createChallenge,
    onSuccess: () => void client.invalidateQueries({ queryKey: challengesQueryKey }),
  });
}
