/** Only same-app paths, never back to /auth itself (and never another origin via `//host`). */
export function safeRedirect(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  if (from === '/auth' || from.startsWith('/auth?') || from.startsWith('/auth/')) return '/';
  return from;
}
