import type { CompleteWeeklyBody, CompleteWeeklyResult } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';

export function completeWeekly(id: string, body: CompleteWeeklyBody): Promise<CompleteWeeklyResult> {
  return apiFetch<CompleteWeeklyResult>(`/api/quests/me/weekly/${encodeURIComponent(id)}/complete`, {
    method: 'POST',
    json: body,
  });
}
