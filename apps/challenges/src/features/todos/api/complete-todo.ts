import type { CompleteTodoBody, CompleteTodoResult } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';

export function completeTodo(id: string, body: CompleteTodoBody): Promise<CompleteTodoResult> {
  return apiFetch<CompleteTodoResult>(`/api/quests/me/todos/${encodeURIComponent(id)}/complete`, {
    method: 'POST',
    json: body,
  });
}
