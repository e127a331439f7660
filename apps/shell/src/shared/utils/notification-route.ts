/** Spec §2: tapping a push notification opens the page its type belongs to. */
export function routeForNotification(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const type = (data as { type?: unknown }).type;
  if (type === 'challenge') return '/challenges';
  if (type === 'pod') return '/pods'; // the route map sends /pods on to /connect
  return null;
}
