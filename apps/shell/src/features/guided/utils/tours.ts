import type { TourName } from '@vere/web-kit';

/** Where each guided tutorial runs (its steps and card are in ./guided-tour, loaded when a tour starts). */
export const TOUR_PATHS: Record<TourName, string> = {
  home: '/',
  challenges: '/challenges',
};

/** The weekly challenge page's paths (route map: /challenges, /weekly, /challenges/{id}). */
export function isChallengesPath(pathname: string): boolean {
  return /^\/(challenges|weekly)(\/[^/]+)?\/?$/.test(pathname);
}
