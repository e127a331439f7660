/** Query keys of the notification centre (the bell's count and the list share the prefix). */
export const notificationKeys = {
  all: ['identity', 'notifications'] as const,
  unread: ['identity', 'notifications', 'unread'] as const,
  list: ['identity', 'notifications', 'list'] as const,
};

/**
 * How often the bell asks for the count while the tab is visible. identity has no live stream of
 * its own (pods' streams carry pod and chat events only), so the shared query client polls it and
 * also refreshes on focus and reconnect (decision 0042).
 */
export const UNREAD_POLL_MS = 10_000;
