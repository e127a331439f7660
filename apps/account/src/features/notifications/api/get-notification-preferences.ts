import { useQuery } from '@vere/web-query';
import type { NotificationPreferencesBody } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';

export const notificationPreferencesQueryKey = ['identity', 'notification-preferences'] as const;

/** The saved preferences, or the spec's defaults (`saved: false`) until the user saves once. */
export const notificationPreferencesQueryOptions = () =>
  getQueryOptions<NotificationPreferencesBody>(
    notificationPreferencesQueryKey,
    '/api/identity/me/notifications/preferences',
  );

export const useNotificationPreferences = () => useQuery(notificationPreferencesQueryOptions());
