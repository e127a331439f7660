import { useQuery } from '@vere/web-query';
import type { PodPlaybookList } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';

export const podRunsQueryKey = (id: string) => ['pods', 'me', 'playbooks', id] as const;

/** The caller's pods running this playbook, with every member's finished weeks (pods' read model). */
export const podRunsQueryOptions = (id: string) =>
  getQueryOptions<PodPlaybookList>(podRunsQueryKey(id), `/api/pods/me/playbooks/${encodeURIComponent(id)}`);

export const usePodRuns = (id: string) => useQuery(podRunsQueryOptions(id));
