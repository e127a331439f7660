import { useQuery } from '@vere/web-query';
import type { Limits } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';

export const limitsQueryKey = ['quests', 'me', 'limits'] as const;

export const limitsQueryOptions = () => getQueryOptions<Limits>(limitsQueryKey, '/api/quests/me/limits');

export const useLimits = () => useQuery(limitsQueryOptions());
