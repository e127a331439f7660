import type { InvitedRaters } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';

/** Asks friends to rate the caller on the same items. */
export function inviteRaters(id: string, friendIds: string[]): Promise<InvitedRaters> {
  return apiFetch<InvitedRaters>(`/api/quests/assessments/${encodeURIComponent(id)}/rating-invites`, {
    method: 'POST',
    json: { friendIds },
  });
}
