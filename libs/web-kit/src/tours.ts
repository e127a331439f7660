/** The guided tutorials (spec §4): the home page's six steps and the weekly challenge page's five. */
export type TourName = 'home' | 'challenges';

export const START_TOUR_EVENT = 'vere:start-tour';

/** Asks the shell to run a tour now (the settings page's "Take the tour", say), from any bundle. */
export function requestTour(tour: TourName): void {
  window.dispatchEvent(new CustomEvent<TourName>(START_TOUR_EVENT, { detail: tour }));
}
