import { describe, expect, it } from 'vitest';
import {
  POD_DESCRIPTION_MAX,
  POD_NAME_MAX,
  POD_NAME_RULE,
  POD_RULE,
  POD_RULES,
  memberCap,
  podCapReason,
  podCreationCap,
  podCreationLimitMessage,
  podFieldErrors,
} from './pods';

describe('pod caps', () => {
  it('lets a free user have 1 pod, 3 from level 10, and Pro unlimited', () => {
    expect(podCreationCap({ isPro: false, level: 1 })).toBe(1);
    expect(podCreationCap({ isPro: false, level: 9 })).toBe(1);
    expect(podCreationCap({ isPro: false, level: 10 })).toBe(3);
    expect(podCreationCap({ isPro: true, level: 1 })).toBeNull();
  });

  it('fills a free creator’s pod at 8 members and a Pro creator’s at 99', () => {
    expect(memberCap({ isPro: false, level: 40 })).toBe(8);
    expect(memberCap({ isPro: true, level: 1 })).toBe(99);
  });

  it('states the rule with those numbers', () => {
    expect(POD_RULE).toBe('Free: 1 pod, 3 from level 10; Pro: unlimited pods and up to 99 members.');
  });

  it('tells a user at the cap what would lift it', () => {
    expect(podCreationLimitMessage({ isPro: false, level: 3, cap: 1 })).toBe(
      'You can have 1 pod of your own. Reach level 10 for 3, or go Pro for unlimited pods.',
    );
    expect(podCreationLimitMessage({ isPro: false, level: 12, cap: 3 })).toBe(
      'You can have 3 pods of your own. Go Pro for unlimited pods.',
    );
    expect(podCapReason({ level: 3, cap: 1 })).toBe(
      "You've reached your limit of 1 pod on the free plan. Reach level 10 to create up to 3, or go Pro for unlimited pods. Joining friends' pods is always free.",
    );
    expect(podCapReason({ level: 12, cap: 3 })).toBe(
      "You've reached your limit of 3 pods on the free plan. Go Pro for unlimited pods. Joining friends' pods is always free.",
    );
  });

  it('keeps the numbers in one place: the sentences follow them', () => {
    expect(POD_RULES).toEqual({
      freeCreationCap: 1,
      creationLevel: 10,
      levelCreationCap: 3,
      freeMemberCap: 8,
      proMemberCap: 99,
    });
  });
});

describe('pod fields', () => {
  it('take a trimmed name of 1 to 50 characters and a description up to 280', () => {
    expect([POD_NAME_MAX, POD_DESCRIPTION_MAX]).toEqual([50, 280]);
    expect(POD_NAME_RULE).toBe('A pod name has 1 to 50 characters.');
    expect(podFieldErrors('  ', '')).toEqual({ name: 'Give your pod a name.' });
    expect(podFieldErrors('a'.repeat(50), 'd'.repeat(280))).toEqual({});
    expect(podFieldErrors(` ${'a'.repeat(50)} `, ` ${'d'.repeat(280)} `)).toEqual({});
    expect(podFieldErrors('a'.repeat(51), 'd'.repeat(281))).toEqual({
      name: 'Keep the name to 50 characters or fewer.',
      description: 'Keep the description to 280 characters or fewer.',
    });
  });
});
