import type { SkipResult } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';

/** Swipe left; the answer carries the new limits. */
export function skipSidequest(sidequestId: string): Promise<SkipResult> {
  return apiFetch<SkipResult>('/api/quests/me/swipes/skip', { method: 'POST', json: { sidequestId } });
}
