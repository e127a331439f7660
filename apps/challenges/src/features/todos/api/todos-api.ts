import { useQuery } from '@vere/web-query';
import type { CompleteTodoBody, CompleteTodoResult, TodoList } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';
import { progressRetryDelay, shouldRetryProgress } from '../../progress/api/get-progress';

export const todosQueryKey = ['quests', 'me', 'todos'] as const;

/** Spec §2.2: the Daily XP card's goal. */
export const DAILY_XP_GOAL = 100;

export function getTodos(signal?: AbortSignal): Promise<TodoList> {
  return apiFetch<TodoList>('/api/quests/me/todos', { signal });
}

export function completeTodo(id: string, body: CompleteTodoBody): Promise<CompleteTodoResult> {
  return apiFetch<CompleteTodoResult>(`/api/quests/me/todos/${encodeURIComponent(id)}/complete`, { method: 'POST', json: body });
}

export function deleteTodo(id: string): Promise<void> {
  return apiFetch<void>(`/api/quests/me/todos/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useTodos() {
  return useQuery({ queryKey: todosQueryKey, queryFn: ({ signal }) => getTodos(signal), retry: shouldRetryProgress, retryDelay: progressRetryDelay });
}
