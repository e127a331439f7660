import { useQuery } from '@vere/web-query';
import type { PlaybookStep } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';

export const stepQueryKey = (id: string, stepId: string) => ['quests', 'playbooks', id, 'steps', stepId] as const;

/** One step's screen: quiz answers, and the caller's own reflection or proof, come once it is done. */
export const stepQueryOptions = (id: string, stepId: string) =>
  getQueryOptions<PlaybookStep>(
    stepQueryKey(id, stepId),
    `/api/quests/playbooks/${encodeURIComponent(id)}/steps/${encodeURIComponent(stepId)}`,
  );

export const useStep = (id: string, stepId: string) => useQuery(stepQueryOptions(id, stepId));
