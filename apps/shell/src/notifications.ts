/** An in-app path (not another origin, not `//host`): what a push's own `route` may be. */
const IN_APP_PATH = /^\/(?![/\\])/;

/**
 * Spec §2: tapping a push notification opens the page its type belongs to; a push that names its
 * own in-app route (identity's pushes do: a pod activity names its pod) opens that page.
 */
export function routeForNotification(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const route = (data as { route?: unknown }).route;
  if (typeof route === 'string' && IN_APP_PATH.test(route)) return route;
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

/** What public/sw.js posts to an open window when a web push is tapped. */
export const SW_TAP_MESSAGE = 'vere:notification-tap';

/**
 * Routes notification taps: from the Capacitor push plugin when the app runs in the iOS wrapper,
 * from the service worker when a web push is tapped while Vere is open, and from
 * NOTIFICATION_TAP_EVENT (which a wrapper without the plugin, or a test, can raise).
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
