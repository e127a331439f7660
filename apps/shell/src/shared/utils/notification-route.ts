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
