import type { CompletePlaybookStepBody, CompletePlaybookStepResult } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';

/** Completes a step: the server scores a quiz from the chosen indexes and awards the XP once. */
export function completeStep(
  id: string,
  stepId: string,
  body: CompletePlaybookStepBody,
): Promise<CompletePlaybookStepResult> {
  return apiFetch<CompletePlaybookStepResult>(
    `/api/quests/playbooks/${encodeURIComponent(id)}/steps/${encodeURIComponent(stepId)}/complete`,
    { method: 'POST', json: body },
  );
}
