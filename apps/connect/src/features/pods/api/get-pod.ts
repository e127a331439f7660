import { useQuery } from '@vere/web-query';
import type { PodDetail } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';
import { keys } from '../../../shared/utils/query-keys';

export const podPath = (podId: string) => `/api/pods/pods/${encodeURIComponent(podId)}`;

/** A pod with its members, invites (for its creator) and the first page of its log. */
export const podQueryOptions = (podId: string) => getQueryOptions<PodDetail>(keys.pod(podId), podPath(podId));

export const usePod = (podId: string) => useQuery(podQueryOptions(podId));
