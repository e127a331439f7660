import { useQuery } from '@vere/web-query';
import type { TodoList } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';

export const todosQueryKey = ['quests', 'me', 'todos'] as const;

export const todosQueryOptions = () => getQueryOptions<TodoList>(todosQueryKey, '/api/quests/me/todos');

export const useTodos = () => useQuery(todosQueryOptions());
