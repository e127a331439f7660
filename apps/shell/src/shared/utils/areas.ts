export type AreaName = 'challenges' | 'connect' | 'playbooks' | 'account';

export interface Area {
  name: AreaName;
  /** Used in the document title and the loading message. */
  label: string;
}

interface AreaRoute {
  area: Area;
  /** Exact paths, or `/x/*` for a path and everything below it. */
  paths: string[];
}

const CHALLENGES: Area = { name: 'challenges', label: 'Challenges' };
const CONNECT: Area = { name: 'connect', label: 'Connect' };
const PLAYBOOKS: Area = { name: 'playbooks', label: 'Playbooks' };
const ACCOUNT: Area = { name: 'account', label: 'Account' };

export const AREA_ROUTES: AreaRoute[] = [
  { area: CHALLENGES, paths: ['/', '/challenges/*', '/weekly', '/packs'] },
  { area: CONNECT, paths: ['/connect/*', '/pods/*', '/join/*', '/create-pod', '/chat/*', '/friends/*'] },
  // Before ACCOUNT's '/pro/*': the Pro assessments are the playbooks remote's (issue 24).
  { area: PLAYBOOKS, paths: ['/guides/*', '/assessments/*', '/pro/assessments/*'] },
  {
    area: ACCOUNT,
    paths: [
      '/settings/*',
      '/profile/*',
      '/pro/*',
      '/pro-hub',
      '/vere-pro',
      '/payment/*',
      '/subscription/*',
      '/subscription-success',
    ],
  },
];

function matches(pattern: string, pathname: string): boolean {
  if (pattern.endsWith('/*')) {
    const base = pattern.slice(0, -2);
    return pathname === base || pathname.startsWith(`${base}/`);
  }
  return pathname === pattern;
}

/** The remote area that owns `pathname`, or null when no area does (the shell shows not-found). */
export function areaForPath(pathname: string): Area | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  for (const { area, paths } of AREA_ROUTES) {
    if (paths.some((pattern) => matches(pattern, path))) return area;
  }
  return null;
}
