import { useQuery } from '@vere/web-query';
import type { PodAllowance } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';
import { keys } from '../../../shared/utils/query-keys';

/** How many pods the user may create and how large they may grow (the service enforces it). */
export const allowanceQueryOptions = () => getQueryOptions<PodAllowance>(keys.allowance, '/api/pods/me/allowance');

export const useAllowance = () => useQuery(allowanceQueryOptions());
