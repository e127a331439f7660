import { apiFetch } from '@vere/web-session';

export function deleteTodo(id: string): Promise<void> {
  return apiFetch<void>(`/api/quests/me/todos/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
