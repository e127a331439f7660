import { useQuery } from '@vere/web-query';
import type { AssessmentList } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';

export const assessmentsQueryKey = ['quests', 'assessments'] as const;

/** Every assessment with its length, Pro flag and the caller's state; quests decides access. */
export const assessmentsQueryOptions = () =>
  getQueryOptions<AssessmentList>(assessmentsQueryKey, '/api/quests/assessments');

export const useAssessments = () => useQuery(assessmentsQueryOptions());
