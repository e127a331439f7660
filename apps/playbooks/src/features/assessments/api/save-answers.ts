import type { SavedAnswers } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';

/** Saves answers given so far; quests merges them with the saved ones (resume where you left). */
export function saveAnswers(id: string, answers: Record<string, number>): Promise<SavedAnswers> {
  return apiFetch<SavedAnswers>(`/api/quests/assessments/${encodeURIComponent(id)}/answers`, {
    method: 'PUT',
    json: { answers },
  });
}
