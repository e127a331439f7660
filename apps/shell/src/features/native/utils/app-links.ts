/**
 * The pages a link from outside may open in the iOS app: universal links (https://<app>/join/ABC,
 * associated domains) and the custom scheme Google sign-in returns to (vere://auth/callback?…,
 * decision 0015). Anything else opens the home: a link never picks an arbitrary page or origin.
 */
export const APP_URL_SCHEME = 'vere';

const LINKED_PATHS = [/^\/join\/[A-Za-z0-9_-]{1,64}$/, /^\/reset-password$/, /^\/auth\/callback$/];

/** The in-app path (with its query) for a URL the system handed the app, or null to stay put. */
export function pathForAppUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  let path: string;
  if (parsed.protocol === `${APP_URL_SCHEME}:`) {
    // vere://auth/callback?x: the "host" is the path's first segment.
    path = `/${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } else if (parsed.protocol === 'https:') {
    path = parsed.pathname;
  } else {
    return null;
  }
  path = path.replace(/\/+$/, '') || '/';
  if (!LINKED_PATHS.some((rule) => rule.test(path))) return '/';
  return `${path}${parsed.search}`;
}
