import { useMutation } from '@vere/web-query';
import type { WeekAssignment } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';

/** Gives week `targetWeekNumber` the next challenge in sequence. */
export function rotateWeek(targetWeekNumber: number): Promise<WeekAssignment> {
  return apiFetch<WeekAssignment>('/api/quests/admin/rotations', { method: 'POST', json: { targetWeekNumber } });
}

export function useRotateWeek() {
  return useMutation({ mutationFn: rotateWeek });
}
