import { routeForNotification } from './shared/utils/notification-route';

export { routeForNotification };

/** The event the native wrapper raises when a notification is tapped (detail: the push's data). */
export const NOTIFICATION_TAP_EVENT = 'vere:notification-tap';

/**
 * Routes notification taps raised as NOTIFICATION_TAP_EVENT (the web's service worker, a test). In
 * the iOS app the push plugin's taps are routed by features/native with the same rule.
 */
export function listenForNotificationTaps(navigate: (path: string) => void): () => void {
  const open = (data: unknown) => {
    const path = routeForNotification(data);
    if (path) navigate(path);
  };
  const onEvent = (event: Event) => open((event as CustomEvent<unknown>).detail);
  window.addEventListener(NOTIFICATION_TAP_EVENT, onEvent);
  return () => window.removeEventListener(NOTIFICATION_TAP_EVENT, onEvent);
}
