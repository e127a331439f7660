import { useQuery } from '@vere/web-query';
import type { Victories } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';

export const victoriesQueryKey = ['quests', 'me', 'weekly', 'victories'] as const;

/** Spec §9: Recent Victories shows 5 on a phone, 8 on a desktop; the larger number is fetched. */
export const VICTORIES_FETCHED = 8;

export const victoriesQueryOptions = () =>
  getQueryOptions<Victories>(victoriesQueryKey, `/api/quests/me/weekly/victories?limit=${VICTORIES_FETCHED}`);

export const useVictories = () => useQuery(victoriesQueryOptions());
