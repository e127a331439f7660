import type { AssessmentResult } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';

/** Submits the take; quests scores it from the saved answers plus these. */
export function submitAssessment(id: string, answers: Record<string, number>): Promise<AssessmentResult> {
  return apiFetch<AssessmentResult>(`/api/quests/assessments/${encodeURIComponent(id)}/submit`, {
    method: 'POST',
    json: { answers },
  });
}
