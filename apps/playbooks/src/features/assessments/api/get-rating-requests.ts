import { useQuery } from '@vere/web-query';
import type { RatingRequestDetail, RatingRequestList } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';
import { assessmentsQueryKey } from './get-assessments';

export const ratingRequestsQueryKey = [...assessmentsQueryKey, 'rating-requests'] as const;

/** Friends who asked the caller to rate them. */
export const ratingRequestsQueryOptions = () =>
  getQueryOptions<RatingRequestList>(ratingRequestsQueryKey, '/api/quests/me/rating-requests');

export const useRatingRequests = () => useQuery(ratingRequestsQueryOptions());

/** One request, with the items phrased about the friend. */
export const ratingRequestQueryOptions = (requestId: string) =>
  getQueryOptions<RatingRequestDetail>(
    [...ratingRequestsQueryKey, requestId],
    `/api/quests/rating-requests/${encodeURIComponent(requestId)}`,
  );

export const useRatingRequest = (requestId: string) => useQuery(ratingRequestQueryOptions(requestId));
