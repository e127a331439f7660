import { useMutation } from '@vere/web-query';
import type { ReportBody, ReportCreated } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';
import { useInvalidate } from '../../../shared/hooks/use-invalidate';
import { FRIENDSHIP_KEYS, keys } from '../../../shared/utils/query-keys';

/** Reports a user, a pod post or a chat message; what was reported is hidden from the reporter. */
export function createReport(body: ReportBody): Promise<ReportCreated> {
  return apiFetch<ReportCreated>('/api/pods/reports', { method: 'POST', json: body });
}

export function useCreateReport() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: createReport, onSettled: () => invalidate(...FRIENDSHIP_KEYS, keys.pods) });
}
