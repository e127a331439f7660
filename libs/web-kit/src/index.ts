export { AreaNotFound } from './area-not-found';
export { mountStandalone } from './standalone';
export { useSignOut } from './use-sign-out';
