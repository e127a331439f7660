import { useQuery } from '@vere/web-query';
import type { PodPlaybookList } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';
import { keys } from '../../../shared/utils/query-keys';
import { podPath } from './get-pod';

/** The pod's playbooks and every member's finished weeks (members only). */
export const podPlaybooksQueryOptions = (podId: string) =>
  getQueryOptions<PodPlaybookList>(keys.podPlaybooks(podId), `${podPath(podId)}/playbooks`);

export const usePodPlaybooks = (podId: string) => useQuery(podPlaybooksQueryOptions(podId));
