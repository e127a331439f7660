import { useMutation, useQueryClient } from '@vere/web-query';
import type { NotificationPreferencesBody, UpdateNotificationPreferencesBody } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';
import { notificationPreferencesQueryKey } from './get-notification-preferences';

/** Saves the whole choice (PUT: identity upserts it by user, spec §7). */
export function saveNotificationPreferences(
  body: UpdateNotificationPreferencesBody,
): Promise<NotificationPreferencesBody> {
  return apiFetch<NotificationPreferencesBody>('/api/identity/me/notifications/preferences', {
    method: 'PUT',
    json: body,
  });
}

export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (saved) => client.setQueryData(notificationPreferencesQueryKey, saved),
  });
}
