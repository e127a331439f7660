/** Spec §2: tapping a push notification opens the page its type belongs to. */
export function routeForNotification(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const type = (data as { type?: unknown }).type;
  if (type === 'challenge') return '/challenges';
  if (type === 'pod') return '/pods'; // the route map sends /pods on to /connect
  return null;
}

/** The event the native wrapper raises when a notification is tapped (detail: the push's data). */
export const NOTIFICATION_TAP_EVENT = 'vere:notification-tap';

interface PushPlugin {
  addListener(
    event: 'pushNotificationActionPerformed',
    fn: (action: { notification?: { data?: unknown } }) => void,
  ): unknown;
}

/**
 * Routes notification taps: from the Capacitor push plugin when the app runs in the iOS wrapper,
 * and from NOTIFICATION_TAP_EVENT (which a wrapper without the plugin, or a test, can raise).
 */
export function listenForNotificationTaps(navigate: (path: string) => void): () => void {
  const open = (data: unknown) => {
    const path = routeForNotification(data);
    if (path) navigate(path);
  };
  const onEvent = (event: Event) => open((event as CustomEvent<unknown>).detail);
  window.addEventListener(NOTIFICATION_TAP_EVENT, onEvent);
  const push = (window as { Capacitor?: { Plugins?: { PushNotifications?: PushPlugin } } }).Capacitor?.Plugins
    ?.PushNotifications;
  push?.addListener('pushNotificationActionPerformed', (action) => open(action.notification?.data));
  return () => window.removeEventListener(NOTIFICATION_TAP_EVENT, onEvent);
}
