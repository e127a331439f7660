import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import {
  GUIDED_START_KEYS,
  MILESTONE_PATH,
  completeMilestone,
  completePreAuthOnboarding,
  resetPreAuthOnboarding,
  shouldShowIntro,
  shouldShowPreAuthOnboarding,
} from './guided-start';
import { createSessionStore } from './session-store';
import { json, stubFetch, user } from './test-helpers';

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('pre-auth onboarding', () => {
  it('shows to a first-time visitor until completed', () => {
    const storage = memoryStorage();
    expect(shouldShowPreAuthOnboarding(storage)).toBe(true);
    completePreAuthOnboarding(storage);
    expect(shouldShowPreAuthOnboarding(storage)).toBe(false);
  });

  it('never shows where a user has been before, and shows again after the test page resets it', () => {
    for (const key of [
      GUIDED_START_KEYS.knownUser,
      GUIDED_START_KEYS.newUserSignup,
      GUIDED_START_KEYS.onboardingCompleted,
    ]) {
      const storage = memoryStorage({ [key]: 'true' });
      expect(shouldShowPreAuthOnboarding(storage), key).toBe(false);
      resetPreAuthOnboarding(storage);
      expect(shouldShowPreAuthOnboarding(storage), key).toBe(true);
    }
  });

  it('shows when storage is blocked rather than failing', () => {
    const blocked = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(shouldShowPreAuthOnboarding(blocked)).toBe(true);
    expect(() => completePreAuthOnboarding(blocked)).not.toThrow();
  });
});

describe('post-sign-up intro', () => {
  it('shows only for a new sign-up that has not completed onboarding', () => {
    const flagged = memoryStorage({ [GUIDED_START_KEYS.newUserSignup]: 'true' });
    expect(shouldShowIntro(user, flagged)).toBe(true);
    expect(shouldShowIntro({ ...user, hasCompletedOnboarding: true }, flagged)).toBe(false);
    expect(shouldShowIntro(user, memoryStorage())).toBe(false);
    expect(shouldShowIntro(null, flagged)).toBe(false);
  });

  it('completing it tells the server, clears the flag and updates the session', async () => {
    const { calls } = stubFetch({
      [`PUT ${MILESTONE_PATH('onboarding')}`]: json(200, { user: { ...user, hasCompletedOnboarding: true } }),
    });
    const store = createSessionStore({ storage: null });
    store.setState({ status: 'signed-in', user, accessToken: 't1' });
    const storage = memoryStorage({ [GUIDED_START_KEYS.newUserSignup]: 'true' });
    await completeMilestone(createApiClient(store), store, 'onboarding', storage);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer t1');
    expect(store.getState().user?.hasCompletedOnboarding).toBe(true);
    expect(storage.map.has(GUIDED_START_KEYS.newUserSignup)).toBe(false);
    expect(shouldShowIntro(store.getState().user, storage)).toBe(false);
  });

  it('finishing a tutorial marks it seen and clears the pre-auth flag (spec §4)', async () => {
    stubFetch({
      [`PUT ${MILESTONE_PATH('tutorial-home')}`]: json(200, { user: { ...user, tutorialsSeen: ['home'] } }),
    });
    const store = createSessionStore({ storage: null });
    store.setState({ status: 'signed-in', user, accessToken: 't1' });
    const storage = memoryStorage({ [GUIDED_START_KEYS.preAuthOnboardingCompleted]: 'true' });
    await completeMilestone(createApiClient(store), store, 'tutorial-home', storage);
    expect(store.getState().user?.tutorialsSeen).toEqual(['home']);
    expect(storage.map.get(GUIDED_START_KEYS.tutorialSeen)).toBe('true');
    expect(storage.map.has(GUIDED_START_KEYS.preAuthOnboardingCompleted)).toBe(false);
  });
});
