import type { PodNudge } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';

/** Nudges a pod member who has not finished the pod's open week of this playbook (pods.member.nudged.v1). */
export function nudgeBehind(podId: string, userId: string, playbookId: string): Promise<PodNudge> {
  const path = `/api/pods/pods/${encodeURIComponent(podId)}/members/${encodeURIComponent(userId)}/nudge`;
  return apiFetch<PodNudge>(`${path}?playbookId=${encodeURIComponent(playbookId)}`, { method: 'POST' });
}
