import { routeForNotification } from './shared/utils/notification-route';

export { routeForNotification };

/** The event the native wrapper raises when a notification is tapped (detail: the push's data). */
export const NOTIFICATION_TAP_EVENT = 'vere:notification-tap';

/** What public/sw.js posts to an open window when a web push is tapped. */
export const SW_TAP_MESSAGE = 'vere:notification-tap';

/**
 * Routes notification taps: from the service worker when a web push is tapped while Vere is open,
 * and from NOTIFICATION_TAP_EVENT (a test can raise it). In the iOS app the push plugin's taps are
 * routed by features/native with the same rule.
 */
export function listenForNotificationTaps(navigate: (path: string) => void): () => void {
  const open = (data: unknown) => {
    const path = routeForNotification(data);
    if (path) navigate(path);
  };
  const onEvent = (event: Event) => open((event as CustomEvent<unknown>).detail);
  window.addEventListener(NOTIFICATION_TAP_EVENT, onEvent);
  const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  const onMessage = (event: MessageEvent<{ type?: unknown; data?: unknown } | null>) => {
    if (event.data?.type === SW_TAP_MESSAGE) open(event.data.data);
  };
  worker?.addEventListener('message', onMessage);
  return () => {
    window.removeEventListener(NOTIFICATION_TAP_EVENT, onEvent);
    worker?.removeEventListener('message', onMessage);
  };
}
