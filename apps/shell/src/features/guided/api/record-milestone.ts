import type { Milestone } from '@vere/contracts';
import { apiFetch, completeMilestone, sessionStore } from '@vere/web-session';

/** Keeps on the server that the user finished the intro or a tour, so it stays done on every device. */
export function recordMilestone(milestone: Milestone): Promise<void> {
  return completeMilestone(apiFetch, sessionStore, milestone);
}
