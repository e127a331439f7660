import { useQuery } from '@vere/web-query';
import type { AssessmentResult } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';
import { assessmentsQueryKey } from './get-assessments';

export const resultQueryKey = (resultId: string) => [...assessmentsQueryKey, 'result', resultId] as const;

/** One of the caller's takes with a score, band and reading per dimension. */
export const resultQueryOptions = (resultId: string) =>
  getQueryOptions<AssessmentResult>(
    resultQueryKey(resultId),
    `/api/quests/assessments/results/${encodeURIComponent(resultId)}`,
  );

export const useResult = (resultId: string) => useQuery(resultQueryOptions(resultId));
