import { useQuery } from '@vere/web-query';
import type { RaterCandidates } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';
import { assessmentsQueryKey } from './get-assessments';

export const ratersQueryKey = (id: string) => [...assessmentsQueryKey, id, 'raters'] as const;

/** The caller's friends and whether each was already asked to rate them. */
export const ratersQueryOptions = (id: string) =>
  getQueryOptions<RaterCandidates>(ratersQueryKey(id), `/api/quests/assessments/${encodeURIComponent(id)}/raters`);

export const useRaters = (id: string, enabled: boolean) => useQuery({ ...ratersQueryOptions(id), enabled });
