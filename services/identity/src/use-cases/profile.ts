import { ProfileUpdated, type Milestone, type UpdateProfileBody, type UsernameAvailability } from '@vere/contracts';
import {
  normalizeUsername,
  validateBio,
  validateDisplayName,
  validateName,
  validatePhotoUrl,
  validateUsername,
} from '@vere/domain';
import { AppError, newEvent, writeOutbox } from '@vere/service-kit';
import { TakenError, type ProfileChanges, type User } from '../repositories/users-repository';
import { check, checkAvatar, checkTimeZone, tidyName, toUserBody } from './accounts';
import type { IdentityDeps } from './deps';

/** An optional text field: `null` or blank clears it, anything else must pass its rule. */
function optionalText(
  value: string | null | undefined,
  rule: (v: string) => { ok: true } | { ok: false; reason: string },
  field: string,
): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value.trim() === '') return null;
  check(rule(value), field);
  return value.trim();
}

/**
 * Changes the signed-in user's profile and publishes `identity.profile.updated.v1` with the whole
 * public profile after the change, in one transaction. Every field is checked before anything is
 * written, so a bad field changes nothing.
 */
export async function updateProfile(deps: IdentityDeps, userId: string, body: UpdateProfileBody): Promise<User> {
  const changes: ProfileChanges = {};
  if (body.name !== undefined) {
    check(validateName(body.name), 'name');
    changes.name = tidyName(body.name);
  }
  if (body.username !== undefined) {
    changes.username = normalizeUsername(body.username);
    check(validateUsername(changes.username), 'username');
  }
  changes.displayName = optionalText(body.displayName, validateDisplayName, 'displayName');
  changes.bio = optionalText(body.bio, validateBio, 'bio');
  changes.photoUrl = optionalText(body.photoUrl, validatePhotoUrl, 'photoUrl');
  if (body.avatarConfig !== undefined) {
    checkAvatar(body.avatarConfig);
    changes.avatarConfig = body.avatarConfig;
  }
  if (body.timeZone !== undefined) {
    checkTimeZone(body.timeZone);
    changes.timeZone = body.timeZone;
  }

  try {
    const updated = await deps.transaction(async (tx) => {
      const user = await deps.users.update(tx, userId, changes);
      if (!user) return null;
      const { name, username, displayName, photoUrl, avatarConfig, timeZone } = toUserBody(user);
      await writeOutbox(
        tx,
        newEvent(ProfileUpdated.subject, user.id, {
          name,
          username,
          displayName,
          photoUrl,
          avatarConfig,
          timeZone: timeZone ?? null,
        }),
      );
      return user;
    });
    if (!updated) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    return updated;
  } catch (err) {
    if (err instanceof TakenError) throw new AppError('USERNAME_TAKEN', 'Username is already taken', 'username');
    throw err;
  }
}

/** Whether a username is free, as it would be stored. An invalid one answers 400 with the rule it breaks. */
export async function usernameAvailability(deps: IdentityDeps, raw: string): Promise<UsernameAvailability> {
  const username = normalizeUsername(raw);
  check(validateUsername(username), 'username');
  return { username, available: !(await deps.users.usernameTaken(deps.db, username)) };
}

/**
 * The user finished part of the guided start (the intro or a tutorial). Idempotent, so a second
 * device or a retried request changes nothing; no event, as nothing others see changed.
 */
export async function markMilestone(deps: IdentityDeps, userId: string, milestone: Milestone): Promise<User> {
  const updated =
    milestone === 'onboarding'
      ? await deps.users.markOnboardingCompleted(deps.db, userId)
      : await deps.users.markTutorialSeen(deps.db, userId, milestone === 'tutorial-home' ? 'home' : 'challenges');
  if (!updated) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return updated;
}
