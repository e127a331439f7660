import { useQuery } from '@vere/web-query';
import type { AssessmentDetail } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';
import { assessmentsQueryKey } from './get-assessments';

export const assessmentQueryKey = (id: string) => [...assessmentsQueryKey, id] as const;

/** One assessment: intro, items in order and the caller's saved answers (to resume). */
export const assessmentQueryOptions = (id: string) =>
  getQueryOptions<AssessmentDetail>(assessmentQueryKey(id), `/api/quests/assessments/${encodeURIComponent(id)}`);

export const useAssessment = (id: string) => useQuery(assessmentQueryOptions(id));
