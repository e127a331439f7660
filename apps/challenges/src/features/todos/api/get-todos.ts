import { useQuery } from '@vere/web-query';
import type { TodoList } from '@vere/contracts';
import { apiFetch, queryRetry } from '@vere/web-session';

export const todosQueryKey = ['quests', 'me', 'todos'] as const;

export function getTodos(signal?: AbortSignal): Promise<TodoList> {
  return apiFetch<TodoList>('/api/quests/me/todos', { signal });
}

export function todosQueryOptions() {
  return {
    queryKey: todosQueryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => getTodos(signal),
    ...queryRetry(),
  };
}

export function useTodos() {
  return useQuery(todosQueryOptions());
}
