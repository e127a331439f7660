export { AreaNotFound } from './area-not-found';
export { mountStandalone } from './standalone';
export { useSignOut } from './use-sign-out';
export { USERNAME_TAKEN_MESSAGE, useUsernameCheck } from './use-username-check';
export type { UsernameCheck } from './use-username-check';
export { START_TOUR_EVENT, requestTour } from './tours';
export type { TourName } from './tours';
export { useEntitlement } from './use-entitlement';
