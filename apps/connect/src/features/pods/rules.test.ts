import { describe, expect, it } from 'vitest';
import type { PodAllowance } from '@vere/contracts';
import { POD_RULE, allowanceLine, atCreationCap, capReason } from './allowance';
import { validatePodForm } from './validation';

const free = (over: Partial<PodAllowance> = {}): PodAllowance => ({
  isPro: false,
  level: 3,
  podsCreated: 0,
  podCreationCap: 1,
  memberCap: 8,
  ...over,
});

describe('pod allowance copy', () => {
  it('states the rule plainly, with the numbers the server enforces', () => {
    expect(POD_RULE).toBe('Free: 1 pod, 3 from level 10; Pro: unlimited pods and up to 99 members.');
  });
  it('counts created pods against the cap, Pro never at it', () => {
    expect(atCreationCap(free())).toBe(false);
    expect(atCreationCap(free({ podsCreated: 1 }))).toBe(true);
    expect(atCreationCap(free({ isPro: true, podCreationCap: null, podsCreated: 40 }))).toBe(false);
    expect(allowanceLine(free())).toBe("You've created 0 of 1 pod (up to 8 members each).");
    expect(allowanceLine(free({ isPro: true, podCreationCap: null, memberCap: 99 }))).toContain(
      'as many pods as you like, up to 99 members',
    );
  });
  it('explains the cap: level 10 below it, Pro always', () => {
    expect(capReason(free({ podsCreated: 1 }))).toBe(
      "You've reached your limit of 1 pod on the free plan. Reach level 10 to create up to 3, or go Pro for unlimited pods. Joining friends' pods is always free.",
    );
    expect(capReason(free({ level: 12, podCreationCap: 3, podsCreated: 3 }))).toContain(
      'limit of 3 pods on the free plan. Go Pro for unlimited pods.',
    );
  });
});

describe('pod form validation mirrors the server', () => {
  it('needs a trimmed name of 1–50 and a description up to 280', () => {
    expect(validatePodForm('  ', '')).toEqual({ name: 'Give your pod a name.' });
    expect(validatePodForm('a'.repeat(50), 'd'.repeat(280))).toEqual({});
    expect(validatePodForm(` ${'a'.repeat(50)} `, '')).toEqual({});
    expect(validatePodForm('a'.repeat(51), '')).toEqual({ name: 'Keep the name to 50 characters or fewer.' });
    expect(validatePodForm('ok', 'd'.repeat(281))).toEqual({
      description: 'Keep the description to 280 characters or fewer.',
    });
  });
});
