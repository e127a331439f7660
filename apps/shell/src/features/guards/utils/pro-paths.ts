// Its own module: the routes ask it for every area path, and the guard itself (require-pro.tsx) is
// loaded only for these paths (issue 28).

/** Paths only Pro members may open (spec §2); `/pro` itself is the landing everyone may see. */
export const PRO_PATHS = ['/pro-hub', '/pro/challenges', '/pro/assessments', '/pro/assessments/*'];

export function isProPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PRO_PATHS.some((p) => (p.endsWith('/*') ? path.startsWith(p.slice(0, -1)) : path === p));
}
