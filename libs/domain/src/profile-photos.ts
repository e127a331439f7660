/*
 * Profile photos (decision 0035). Every viewer's browser loads the photo of each person on a pod,
 * friends or leaderboard page, so a link to another site would hand that site every viewer's
 * address. Only images Vere serves itself are shown: a plain path on Vere's own origin, under one of
 * its profile-photo paths. Vere stores no profile photos yet (the drawn avatar stands in), so the
 * list is empty and no stored link is shown; uploads add their path here.
 */

/** Same-origin path prefixes Vere serves profile photos from (none yet: uploads are not built). */
export const OWN_PHOTO_PATHS: readonly string[] = [];

/** A path and nothing more: no scheme or host, no `..`, no escape, query or fragment. */
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9_\-/]*(\.[A-Za-z0-9]+)?$/;

/** Whether `url` is a photo Vere serves itself. */
export function isOwnPhotoUrl(url: string, paths: readonly string[] = OWN_PHOTO_PATHS): boolean {
  return PLAIN_PATH.test(url) && !url.includes('//') && paths.some((prefix) => url.startsWith(prefix));
}

/** The photo link a viewer may be shown: a stored link that is not Vere's own (from before this rule) is dropped. */
export function shownPhotoUrl(stored: string | null | undefined): string | null {
  return stored && isOwnPhotoUrl(stored) ? stored : null;
}
