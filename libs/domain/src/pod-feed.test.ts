import { describe, expect, it } from 'vitest';
import {
  POD_COMMENT_MAX_LENGTH,
  POD_REACTIONS,
  POD_REACTION_DISPLAY,
  isPodReaction,
  nudgeDay,
  nudgeRefusal,
  nudgeSentence,
  validatePodComment,
} from './pod-feed';

describe('pod feed rules', () => {
  it('has three reactions, each with an emoji and a label', () => {
    expect(POD_REACTIONS.map((k) => POD_REACTION_DISPLAY[k].emoji)).toEqual(['🔥', '👏', '💪']);
    expect(isPodReaction('fire')).toBe(true);
    expect(isPodReaction('heart')).toBe(false);
  });
  it('takes one-line comments of 1–280 characters, an emoji counting as one', () => {
    expect(validatePodComment('  Nice!  ').ok).toBe(true);
    expect(validatePodComment('💪'.repeat(POD_COMMENT_MAX_LENGTH)).ok).toBe(true);
    expect(validatePodComment('x'.repeat(POD_COMMENT_MAX_LENGTH + 1)).ok).toBe(false);
    expect(validatePodComment('   ').ok).toBe(false);
    expect(validatePodComment('a\nb').ok).toBe(false);
    expect(validatePodComment('a\u0007').ok).toBe(false);
  });
  it('counts a nudge against the recipient’s day', () => {
    const at = new Date('2026-11-20T23:30:00Z');
    expect(nudgeDay(at, 'Pacific/Auckland')).toBe('2026-11-21');
    expect(nudgeDay(at, 'America/Los_Angeles')).toBe('2026-11-20');
    expect(nudgeDay(at, null)).toBe('2026-11-20');
  });
  it('refuses nudging oneself or a member already done', () => {
    expect(nudgeRefusal('a', 'a', false)).toBe('self');
    expect(nudgeRefusal('a', 'b', true)).toBe('done');
    expect(nudgeRefusal('a', 'b', false)).toBeNull();
    expect(nudgeSentence('Maya')).toBe('Maya nudged you');
  });
});
