// Proof photos (decision 0019): how many a user may upload, and how long one may wait to be used.

/** Uploads one user may make per clock hour: every to-do and the weekly challenge of a day, with retakes (each costs a decode and re-encode). */
export const DEFAULT_PHOTO_UPLOADS_PER_HOUR = 30;

/** How long an uploaded photo may wait to be attached as proof before the hourly sweep removes it. */
export const UNATTACHED_PHOTO_GRACE_SECONDS = 24 * 3600;
