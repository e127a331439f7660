import type { UpdateProfileBody } from '@vere/contracts';
import { apiFetch, sessionStore } from '@vere/web-session';
import { updateProfile } from '@vere/web-session/accounts';

/** Saves what changed on the identity profile (PATCH /api/identity/me); the session's user becomes the saved one. */
export function saveProfile(changes: UpdateProfileBody) {
  return updateProfile(apiFetch, sessionStore, changes);
}
