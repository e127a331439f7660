import type { RatingRequest } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';

/** A friend's rating: every item answered, once. */
export function submitRating(requestId: string, answers: Record<string, number>): Promise<RatingRequest> {
  return apiFetch<RatingRequest>(`/api/quests/rating-requests/${encodeURIComponent(requestId)}`, {
    method: 'POST',
    json: { answers },
  });
}
