import { useMutation } from '@vere/web-query';
import { dispatchAppEvent } from '@vere/web-kit';
import { apiFetch } from '@vere/web-session';
import { useInvalidate } from '../../../shared/hooks/use-invalidate';
import { FRIENDSHIP_KEYS, keys } from '../../../shared/utils/query-keys';

export function blockUser(userId: string): Promise<void> {
  return apiFetch<void>(`/api/pods/blocks/${encodeURIComponent(userId)}`, { method: 'PUT' });
}

export function useBlockUser() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: blockUser,
    onSettled: () => {
      dispatchAppEvent('friend-requests-updated');
      return invalidate(...FRIENDSHIP_KEYS, keys.blocks);
    },
  });
}
