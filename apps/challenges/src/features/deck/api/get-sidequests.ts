import { useQuery } from '@vere/web-query';
import type { SidequestList, SidequestType } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';

export const sidequestsQueryKey = (type: SidequestType) => ['quests', 'sidequests', type] as const;

export const sidequestsQueryOptions = (type: SidequestType) => ({
  ...getQueryOptions<SidequestList>(sidequestsQueryKey(type), `/api/quests/sidequests?type=${type}`),
  staleTime: 5 * 60_000,
});

export const useSidequests = (type: SidequestType) => useQuery(sidequestsQueryOptions(type));
