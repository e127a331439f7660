import type { Me, Milestone } from '@vere/contracts';
import type { ApiFetch } from './api-client';
import { NEW_USER_SIGNUP_KEY, KNOWN_USER_KEY } from './session-store';
import type { SessionStore } from './session-store';

/** Spec §9's local storage keys for the guided start (theme lives in web-ui). */
export const GUIDED_START_KEYS = {
  newUserSignup: NEW_USER_SIGNUP_KEY,
  /** Local echo of the server's has_completed_onboarding, for pages that run before the session. */
  onboardingCompleted: 'vere_onboarding_completed',
  tutorialSeen: 'vere_tutorial_seen',
  preAuthOnboardingCompleted: 'pre_auth_onboarding_completed',
  /** Set whenever someone signs in here: a visitor with it is not new and skips the pre-auth tour. */
  knownUser: KNOWN_USER_KEY,
} as const;

type KeyStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): KeyStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked: nothing is remembered, nothing is shown twice within the page
  }
}

function read(storage: KeyStore | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
function write(storage: KeyStore | null, key: string, value: string | null): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Full or blocked storage: the flag lasts for this page only.
  }
}

/**
 * Spec §4: the pre-auth onboarding shows to a visitor who has not completed it and of whom this
 * browser keeps no trace of a prior user (a sign-in here, a sign-up flag, a finished intro).
 */
export function shouldShowPreAuthOnboarding(storage: KeyStore | null = browserStorage()): boolean {
  if (read(storage, GUIDED_START_KEYS.preAuthOnboardingCompleted) === 'true') return false;
  return ![GUIDED_START_KEYS.knownUser, GUIDED_START_KEYS.newUserSignup, GUIDED_START_KEYS.onboardingCompleted].some(
    (key) => read(storage, key) !== null,
  );
}

export function completePreAuthOnboarding(storage: KeyStore | null = browserStorage()): void {
  write(storage, GUIDED_START_KEYS.preAuthOnboardingCompleted, 'true');
}

/** The test page's reset: this browser looks like a first-time visitor again. */
export function resetPreAuthOnboarding(storage: KeyStore | null = browserStorage()): void {
  for (const key of [
    GUIDED_START_KEYS.preAuthOnboardingCompleted,
    GUIDED_START_KEYS.knownUser,
    GUIDED_START_KEYS.newUserSignup,
    GUIDED_START_KEYS.onboardingCompleted,
  ])
    write(storage, key, null);
}

/** Spec §4: the post-sign-up intro shows when the new-sign-up flag is set and onboarding is not completed. */
export function shouldShowIntro(user: Me['user'] | null, storage: KeyStore | null = browserStorage()): boolean {
  return user !== null && !user.hasCompletedOnboarding && read(storage, GUIDED_START_KEYS.newUserSignup) === 'true';
}

export const MILESTONE_PATH = (milestone: Milestone) => `/api/identity/me/milestones/${milestone}`;

/**
 * Records on the server that the user finished the intro or a tutorial, then updates the session so
 * every area sees it. The local flags follow the spec: finishing the intro clears the new-sign-up
 * flag; finishing a tutorial marks it seen and clears the pre-auth onboarding flag.
 */
export async function completeMilestone(
  api: ApiFetch,
  store: SessionStore,
  milestone: Milestone,
  storage: KeyStore | null = browserStorage(),
): Promise<void> {
  if (milestone === 'onboarding') {
    write(storage, GUIDED_START_KEYS.newUserSignup, null);
    write(storage, GUIDED_START_KEYS.onboardingCompleted, 'true');
  } else {
    write(storage, GUIDED_START_KEYS.tutorialSeen, 'true');
    write(storage, GUIDED_START_KEYS.preAuthOnboardingCompleted, null);
  }
  const { user } = await api<Me>(MILESTONE_PATH(milestone), { method: 'PUT' });
  store.getState().setUser(user);
}
