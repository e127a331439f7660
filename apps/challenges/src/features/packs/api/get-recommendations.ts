import { useQuery } from '@vere/web-query';
import type { Recommendations } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';

export const recommendationsQueryKey = ['quests', 'me', 'recommendations'] as const;

/** A pack and a playbook for the player's newest assessment results, with the reason. */
export const recommendationsQueryOptions = () =>
  getQueryOptions<Recommendations>(recommendationsQueryKey, '/api/quests/me/recommendations');

export const useRecommendations = () => useQuery(recommendationsQueryOptions());
