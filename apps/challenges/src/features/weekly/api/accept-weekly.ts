import type { AcceptWeeklyResult } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';

export function acceptWeekly(id: string): Promise<AcceptWeeklyResult> {
  return apiFetch<AcceptWeeklyResult>(`/api/quests/me/weekly/${encodeURIComponent(id)}/accept`, {
    method: 'POST',
    json: {},
  });
}
