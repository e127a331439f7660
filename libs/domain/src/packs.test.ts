import { describe, expect, it } from 'vitest';
import { bandOf, bestMatch, packAccess, reasonText, shapeFromResults } from './packs';

describe('bandOf', () => {
  it('puts below 40 low, above 60 high and the rest in the middle', () => {
    expect([0, 39, 40, 60, 61, 100].map(bandOf)).toEqual(['low', 'low', 'middle', 'middle', 'high', 'high']);
  });
});

describe('shapeFromResults', () => {
  it('names the score furthest from the middle and favours its tags first', () => {
    const shape = shapeFromResults([
      { assessmentId: 'social-energy', scores: { 'social-energy': 12, 'social-initiative': 55 } },
      { assessmentId: 'routine-and-habits', scores: { 'routine-strength': 70, 'follow-through': 45 } },
    ]);
    expect(shape.reason).toMatchObject({ dimension: 'social-energy', band: 'low' });
    expect(shape.reason?.text).toBe('because you scored low on social energy');
    expect(shape.tags).toEqual(['social', 'novelty']);
  });

  it('favours nothing when every score sits in the middle or is unknown', () => {
    expect(shapeFromResults([{ assessmentId: 'x', scores: { 'social-energy': 50, unknown: 3 } }])).toEqual({
      tags: [],
      reason: null,
    });
  });
});

describe('bestMatch', () => {
  it('weighs earlier tags more and keeps the earlier candidate on a tie', () => {
    const a = { id: 'a', tags: ['novelty'] };
    const b = { id: 'b', tags: ['social'] };
    const c = { id: 'c', tags: ['social'] };
    expect(bestMatch([a, b, c], ['social', 'novelty'])?.id).toBe('b');
    expect(bestMatch([a], ['calm'])).toBeUndefined();
  });
  it('prefers a candidate whose main theme is the tag', () => {
    const kindness = { id: 'kindness', tags: ['kindness', 'social'] };
    const strangers = { id: 'strangers', tags: ['social', 'courage'] };
    expect(bestMatch([kindness, strangers], ['social'])?.id).toBe('strangers');
  });
});

describe('packAccess', () => {
  it('refuses a Pro pack to a free player and an advanced pack below its level without Pro', () => {
    expect(packAccess({ proOnly: true, unlockLevel: 1 }, { isPro: false, level: 50 })).toMatchObject({
      code: 'PACK_PRO_ONLY',
    });
    expect(packAccess({ proOnly: false, unlockLevel: 20 }, { isPro: false, level: 19 })).toMatchObject({
      code: 'PACK_LOCKED',
    });
    expect(packAccess({ proOnly: false, unlockLevel: 20 }, { isPro: false, level: 20 })).toEqual({ ok: true });
    expect(packAccess({ proOnly: true, unlockLevel: 20 }, { isPro: true, level: 1 })).toEqual({ ok: true });
  });
  it('says the reason in words', () => {
    expect(reasonText('stress-calm', 'high')).toBe('because you scored high on calm under stress');
  });
});
