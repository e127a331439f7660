import type { PodPlaybookRun, StartPodPlaybookBody } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';

/** Starts a playbook for a pod (quests checks membership, the unlock and who may choose "majority"). */
export function startPodPlaybook(podId: string, body: StartPodPlaybookBody): Promise<PodPlaybookRun> {
  return apiFetch<PodPlaybookRun>(`/api/quests/pods/${encodeURIComponent(podId)}/playbooks`, {
    method: 'POST',
    json: body,
  });
}
