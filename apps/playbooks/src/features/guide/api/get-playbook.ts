import { useQuery } from '@vere/web-query';
import type { PlaybookDetail } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';

export const playbookQueryKey = (id: string) => ['quests', 'playbooks', id] as const;

/** One playbook's overview, weeks and steps, on the version the caller started. */
export const playbookQueryOptions = (id: string) =>
  getQueryOptions<PlaybookDetail>(playbookQueryKey(id), `/api/quests/playbooks/${encodeURIComponent(id)}`);

export const usePlaybook = (id: string) => useQuery(playbookQueryOptions(id));
