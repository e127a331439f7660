import type { AcceptResult } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';

/** Swipe right: the sidequest goes on the to-do list; the answer carries the new limits. */
export function acceptSidequest(sidequestId: string): Promise<AcceptResult> {
  return apiFetch<AcceptResult>('/api/quests/me/swipes/accept', { method: 'POST', json: { sidequestId } });
}
