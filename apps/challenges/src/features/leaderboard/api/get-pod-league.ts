import { useQuery } from '@vere/web-query';
import type { PodLeague } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';
import { leaderboardQueryKey } from './get-leaderboard';

export const podLeagueQueryOptions = () =>
  getQueryOptions<PodLeague>([...leaderboardQueryKey, 'pods'], '/api/quests/leaderboard/pods');

export const usePodLeague = () => useQuery(podLeagueQueryOptions());
