import { useMutation } from '@vere/web-query';
import type { WeekAssignment } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';

/** Makes `challengeId` the challenge of week `weekNumber`. */
export function assignWeek(weekNumber: number, challengeId: string): Promise<WeekAssignment> {
  return apiFetch<WeekAssignment>(`/api/quests/admin/weeks/${weekNumber}/challenge`, {
    method: 'PUT',
    json: { challengeId },
  });
}

export function useAssignWeek() {
  return useMutation({
    mutationFn: ({ weekNumber, challengeId }: { weekNumber: number; challengeId: string }) =>
      assignWeek(weekNumber, challengeId),
  });
}
