import type { PlaybookDetail } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';

/** Starts a playbook: the service pins its published version to the caller (again: no change). */
export function startPlaybook(id: string): Promise<PlaybookDetail> {
  return apiFetch<PlaybookDetail>(`/api/quests/playbooks/${encodeURIComponent(id)}/start`, { method: 'POST' });
}
