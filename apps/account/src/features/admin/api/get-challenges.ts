import { useQuery } from '@vere/web-query';
import type { ChallengeList } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';

export const challengesQueryKey = ['quests', 'admin', 'challenges'] as const;

/** The whole catalogue, retired challenges included (admins only; quests checks the role). */
export const challengesQueryOptions = () =>
  getQueryOptions<ChallengeList>(challengesQueryKey, '/api/quests/admin/challenges?includeInactive=true');

export const useChallenges = () => useQuery(challengesQueryOptions());
