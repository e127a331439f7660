import { useQuery } from '@vere/web-query';
import type {
  AcceptWeeklyResult, CompleteWeeklyBody, CompleteWeeklyResult, CurrentWeekly, MyPods, Victories, WeeklyDetail, WeeklyFriends,
} from '@vere/contracts';
import { apiFetch } from '@vere/web-session';
import { progressRetryDelay, shouldRetryProgress } from '../../progress/api/get-progress';

export const weeklyQueryKey = ['quests', 'me', 'weekly'] as const;
export const victoriesQueryKey = ['quests', 'me', 'weekly', 'victories'] as const;
export const weeklyDetailQueryKey = (id: string) => ['quests', 'me', 'weekly', 'detail', id] as const;
/** Every "Friends doing this" list (one per weekly challenge) starts with this key. */
export const weeklyFriendsKeyPrefix = ['quests', 'me', 'weekly', 'friends'] as const;
export const weeklyFriendsQueryKey = (id: string) => [...weeklyFriendsKeyPrefix, id] as const;
export const myPodsQueryKey = ['pods', 'me', 'pods'] as const;

/** Spec §9: Recent Victories shows 5 on a phone, 8 on a desktop; the larger number is fetched. */
export const VICTORIES_FETCHED = 8;

export function getCurrentWeekly(signal?: AbortSignal): Promise<CurrentWeekly> {
  return apiFetch<CurrentWeekly>('/api/quests/me/weekly', { signal });
}

export function getVictories(signal?: AbortSignal): Promise<Victories> {
  return apiFetch<Victories>(`/api/quests/me/weekly/victories?limit=${VICTORIES_FETCHED}`, { signal });
}

export function getWeeklyDetail(id: string, signal?: AbortSignal): Promise<WeeklyDetail> {
  return apiFetch<WeeklyDetail>(`/api/quests/me/weekly/${encodeURIComponent(id)}`, { signal });
}

export function acceptWeekly(id: string): Promise<AcceptWeeklyResult> {
  return apiFetch<AcceptWeeklyResult>(`/api/quests/me/weekly/${encodeURIComponent(id)}/accept`, { method: 'POST', json: {} });
}

export function completeWeekly(id: string, body: CompleteWeeklyBody): Promise<CompleteWeeklyResult> {
  return apiFetch<CompleteWeeklyResult>(`/api/quests/me/weekly/${encodeURIComponent(id)}/complete`, { method: 'POST', json: body });
}

/** "Friends doing this": up to 12 friends who accepted the weekly challenge, and how many did. */
export function getWeeklyFriends(id: string, signal?: AbortSignal): Promise<WeeklyFriends> {
  return apiFetch<WeeklyFriends>(`/api/quests/me/weekly/${encodeURIComponent(id)}/friends`, { signal });
}

export function getMyPods(signal?: AbortSignal): Promise<MyPods> {
  return apiFetch<MyPods>('/api/pods/me/pods', { signal });
}

export function useCurrentWeekly() {
  return useQuery({ queryKey: weeklyQueryKey, queryFn: ({ signal }) => getCurrentWeekly(signal), retry: shouldRetryProgress, retryDelay: progressRetryDelay });
}

export function useVictories() {
  return useQuery({ queryKey: victoriesQueryKey, queryFn: ({ signal }) => getVictories(signal), retry: shouldRetryProgress, retryDelay: progressRetryDelay });
}

export function useWeeklyDetail(id: string | null) {
  return useQuery({
    queryKey: weeklyDetailQueryKey(id ?? ''),
    queryFn: ({ signal }) => getWeeklyDetail(id ?? '', signal),
    enabled: id !== null,
    retry: 1,
  });
}

/** The pods the user can share a completion to; a failed read means no sharing section (spec §7.4). */
export function useMyPods() {
  return useQuery({ queryKey: myPodsQueryKey, queryFn: ({ signal }) => getMyPods(signal), retry: false, staleTime: 5 * 60_000 });
}

/** A failed read hides the row (spec §7.4: read failures yield empty values). */
export function useWeeklyFriends(id: string) {
  return useQuery({ queryKey: weeklyFriendsQueryKey(id), queryFn: ({ signal }) => getWeeklyFriends(id, signal), retry: 1, staleTime: 30_000 });
}
