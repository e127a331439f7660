import type { SharePlaybookResult } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';

/** Shares a finished playbook to some of the caller's pods: each gets a pod log entry. */
export function sharePlaybook(id: string, podIds: string[]): Promise<SharePlaybookResult> {
  return apiFetch<SharePlaybookResult>(`/api/quests/playbooks/${encodeURIComponent(id)}/share`, {
    method: 'POST',
    json: { podIds },
  });
}
